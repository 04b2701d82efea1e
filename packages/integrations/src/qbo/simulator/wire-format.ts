import { randomBytes } from 'node:crypto';

// How the simulator writes QuickBooks answers: fault envelopes, `time` stamps, intuit_tid.

export type FaultSpec = {
  status: number;
  type: string;
  code: string;
  message: string;
  detail?: string;
  element?: string;
};

const companyTimeZone = 'America/Los_Angeles';

/** A timestamp as QuickBooks writes `time`: local company time with milliseconds and offset. */
export function formatQboTime(date: Date, withMilliseconds = true): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: companyTimeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'longOffset',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  const offset = part('timeZoneName').replace('GMT', '') || '+00:00';
  const millis = withMilliseconds ? `.${String(date.getUTCMilliseconds()).padStart(3, '0')}` : '';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}${millis}${offset}`;
}

/** The company's calendar date (YYYY-MM-DD), which QuickBooks uses for a missing TxnDate. */
export function companyDate(date: Date): string {
  return formatQboTime(date, false).slice(0, 10);
}

export function newIntuitTid(): string {
  return `1-${randomBytes(4).toString('hex')}-${randomBytes(12).toString('hex')}`;
}

export function faultBody(spec: FaultSpec, now: Date): Record<string, unknown> {
  return {
    Fault: {
      Error: [
        { Message: spec.message, Detail: spec.detail ?? spec.message, code: spec.code, element: spec.element ?? '' },
      ],
      type: spec.type,
    },
    time: formatQboTime(now),
  };
}

/** The lower-camel variant QuickBooks uses for most 401s. */
export function lowerCaseFaultBody(spec: FaultSpec, now: Date): Record<string, unknown> {
  return {
    warnings: null,
    intuitObject: null,
    fault: {
      error: [{ message: spec.message, detail: spec.detail ?? spec.message, code: spec.code, element: null }],
      type: spec.type,
    },
    report: null,
    queryResponse: null,
    batchItemResponse: [],
    attachableResponse: [],
    syncErrorResponse: null,
    requestId: null,
    time: now.getTime(),
    status: null,
    cdcresponse: [],
  };
}

/** A 400 ValidationFault, the shape of almost every fault a bad request earns. */
function validationFault(code: string, message: string, detail: string, element?: string): FaultSpec {
  return { status: 400, type: 'ValidationFault', code, message, detail, ...(element ? { element } : {}) };
}

export const faults = {
  authentication(detail: string): FaultSpec {
    return {
      status: 401,
      type: 'AUTHENTICATION',
      code: '3200',
      message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401',
      detail,
    };
  },
  authorization(): FaultSpec {
    return {
      status: 403,
      type: 'AuthorizationFault',
      code: '3100',
      message: 'message=ApplicationAuthorizationFailed; errorCode=003100; statusCode=403',
      detail: 'The application is not authorized for this company.',
    };
  },
  throttled(): FaultSpec {
    return {
      status: 429,
      type: 'SERVICE',
      code: '3001',
      message: 'message=ThrottleExceeded; errorCode=003001; statusCode=429',
      detail: 'The request limit was reached.',
    };
  },
  serverError(status: number): FaultSpec {
    return {
      status,
      type: 'SystemFault',
      code: '10000',
      message: 'An application error has occurred while processing your request',
      detail:
        'System Failure Error: An unexpected error occurred while accessing or saving your data. Please wait a few minutes and try again.',
    };
  },
  objectNotFound: (what: string): FaultSpec =>
    validationFault(
      '610',
      'Object Not Found',
      `Object Not Found : Something you're trying to use has been made inactive. Check the fields with accounts, customers, items, vendors or employees. (${what})`,
    ),
  /** A DocNumber longer than QuickBooks' 21 characters. */
  docNumberTooLong: (length: number): FaultSpec =>
    faults.businessValidation(
      `String length is either shorter or longer than supported by specification. Min:0 Max:21 supported. Supplied length:${length}`,
    ),
  /** A DocNumber another transaction of the type holds (6140), unless the company allows duplicates. */
  duplicateDocNumber: (docNumber: string, txnType: 'Invoice' | 'CreditMemo', txnId: string): FaultSpec =>
    validationFault(
      '6140',
      'Duplicate Document Number Error',
      `Duplicate Document Number Error : You must specify a different number. This number has already been used. DocNumber=${docNumber} is assigned to TxnType=${txnType} with TxnId=${txnId}`,
    ),
  /** A name another product or service already uses (names are unique regardless of case). */
  duplicateName: (): FaultSpec =>
    validationFault(
      '6240',
      'Duplicate Name Exists Error',
      'The name supplied already exists. : Another product or service is already using this name. Please use a different name.',
    ),
  /** A line whose Amount is not its UnitPrice times its Qty (to the cent). */
  amountNotPriceTimesQuantity: (suppliedValue: string): FaultSpec =>
    validationFault(
      '6070',
      'Amount is not equal to UnitPrice * Qty',
      `Amount is not equal to UnitPrice * Qty. Supplied value:${suppliedValue}`,
    ),
  invalidEmail: (address: string): FaultSpec =>
    validationFault(
      '2210',
      'Invalid Email Address',
      `Email Address does not conform to the syntax rules of RFC 822: ${address}`,
    ),
  invalidReference: (detail: string): FaultSpec =>
    validationFault('2500', 'Invalid Reference Id', `Invalid Reference Id : ${detail}`),
  invalidProperty: (detail: string): FaultSpec =>
    validationFault('2010', 'Request has invalid or unsupported property', detail),
  missingParameter: (name: string): FaultSpec =>
    validationFault(
      '2020',
      'Required param missing, need to supply the required value for the API',
      `Required parameter ${name} is missing in the request`,
      name,
    ),
  businessValidation: (detail: string): FaultSpec =>
    validationFault(
      '6000',
      'A business validation error has occurred while processing your request',
      `Business Validation Error: ${detail}`,
    ),
  queryParse: (detail: string): FaultSpec => validationFault('4000', 'Error parsing query', detail),
  queryInvalid: (detail: string): FaultSpec => validationFault('4001', 'Invalid query', detail),
  staleObject: (): FaultSpec =>
    validationFault(
      '5010',
      'Stale Object Error',
      'Stale Object Error : You and another user were working on this at the same time. They finished before you did, so your work was not saved.',
      'SyncToken',
    ),
  unsupported: (detail: string): FaultSpec =>
    validationFault('500', 'Unsupported Operation', `Operation ${detail} is not supported.`),
};
