import type { IncomingMessage, ServerResponse } from 'node:http';
import type { QboSimulatorFaults } from './types';
import type { CompanyState } from './state';
import { companyTax, countryOf, defaultCompanyTax, taxCodeEntities, type QboCompanyTax } from './tax-codes';
import { faults, formatQboTime, type FaultSpec } from './wire-format';

// What real QuickBooks does beyond its documented schemas, switchable at run time: tests set
// `simulator.modes` / `simulator.setCompanyTax`; in simulated mode the control paths
// POST /sim/qbo/_control/faults and POST /sim/qbo/_control/company do the same.
// - budget: a production company allows 500 requests a minute, a sandbox one 100;
// - how throttling is answered: 429 or 403, both with fault code 3001, in JSON or in XML
//   (QuickBooks sends XML whatever Accept said), with or without Retry-After;
// - 401 fault bodies in JSON or XML;
// - the company's tax: US (TAX/NON), US with automated sales tax, or non-US (tax-codes.ts).

export type QboThrottleAnswer = 'json-429' | 'json-403' | 'xml-429' | 'xml-403';

export type QboSimulatorModes = {
  /** Requests a window per company; null: the simulator's requestsPerMinute (500, as production). */
  budgetPerMinute: number | null;
  throttleAnswer: QboThrottleAnswer;
  /** Seconds sent as Retry-After on throttled answers; null sends none (QuickBooks mostly sends none). */
  retryAfterSeconds: number | null;
  /** Format of 401 bodies: JSON (casing per faults.authFaultCasing) or XML. */
  authFaultFormat: 'json' | 'xml';
  /** Length of the window the budget counts in; 60 s as QuickBooks, shorter in fast tests. */
  windowMs: number;
};

/** A sandbox company's budget (Intuit: 100 requests a minute). */
export const QBO_SANDBOX_BUDGET = 100;

export function defaultModes(): QboSimulatorModes {
  return {
    budgetPerMinute: null,
    throttleAnswer: 'json-429',
    retryAfterSeconds: null,
    authFaultFormat: 'json',
    windowMs: 60_000,
  };
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A fault as QuickBooks writes it in XML. */
export function xmlFaultBody(spec: FaultSpec, now: Date): string {
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    `<IntuitResponse xmlns="http://schema.intuit.com/finance/v3" time="${formatQboTime(now)}">`,
    `    <Fault type="${xmlEscape(spec.type)}">`,
    `        <Error code="${xmlEscape(spec.code)}"${spec.element ? ` element="${xmlEscape(spec.element)}"` : ''}>`,
    `            <Message>${xmlEscape(spec.message)}</Message>`,
    `            <Detail>${xmlEscape(spec.detail ?? spec.message)}</Detail>`,
    '        </Error>',
    '    </Fault>',
    '</IntuitResponse>',
  ].join('\n');
}

/** The throttling fault in the form the modes say: its status, and its message naming that status. */
export function throttleFault(modes: QboSimulatorModes): FaultSpec {
  const status = modes.throttleAnswer.endsWith('403') ? 403 : 429;
  return {
    ...faults.throttled(),
    status,
    message: `message=ThrottleExceeded; errorCode=003001; statusCode=${status}`,
    detail: 'The request limit was reached.  Try again later',
  };
}

/** Makes the company play this tax setup: its tax codes and the country CompanyInfo reports follow. */
export function setCompanyTax(company: CompanyState, tax: QboCompanyTax): void {
  company.tax = tax;
  company.companyInfo.Country = countryOf(tax);
  if (company.companyInfo.CompanyAddr) company.companyInfo.CompanyAddr.Country = countryOf(tax);
}

type ControlAnswer = { status: number; body: unknown };
const refused = (message: string): ControlAnswer => ({
  status: 400,
  body: { error: 'bad_request', error_description: message },
});
const isWhole = (value: unknown, min: number) => typeof value === 'number' && Number.isInteger(value) && value >= min;

function objectOf(body: string): Record<string, unknown> | string {
  try {
    const value: unknown = JSON.parse(body || '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : 'The body must be a JSON object';
  } catch {
    return 'The body must be JSON';
  }
}

const FAULT_FIELDS = [
  'throttleNext',
  'throttleAs',
  'format',
  'authFaultFormat',
  'budgetPerMinute',
  'retryAfterSeconds',
  'windowMs',
];

/**
 * POST /_control/faults {throttleNext, throttleAs ('429'|'403'), format ('json'|'xml'),
 * authFaultFormat ('json'|'xml'), budgetPerMinute (integer, or null for production's),
 * retryAfterSeconds, windowMs}; GET answers the current state.
 */
function faultsControl(
  method: string,
  body: string,
  modes: QboSimulatorModes,
  switches: QboSimulatorFaults,
): ControlAnswer {
  if (method === 'POST') {
    const change = objectOf(body);
    if (typeof change === 'string') return refused(change);
    const unknown = Object.keys(change).find((key) => !FAULT_FIELDS.includes(key));
    if (unknown) return refused(`Unknown field "${unknown}"; fields are ${FAULT_FIELDS.join(', ')}`);
    const { throttleNext, throttleAs, format, authFaultFormat, budgetPerMinute, retryAfterSeconds, windowMs } = change;
    if (throttleNext !== undefined && !isWhole(throttleNext, 0))
      return refused('throttleNext is a whole number of requests');
    if (throttleAs !== undefined && throttleAs !== '429' && throttleAs !== '403')
      return refused("throttleAs is '429' or '403'");
    if (format !== undefined && format !== 'json' && format !== 'xml') return refused("format is 'json' or 'xml'");
    if (authFaultFormat !== undefined && authFaultFormat !== 'json' && authFaultFormat !== 'xml')
      return refused("authFaultFormat is 'json' or 'xml'");
    if (budgetPerMinute !== undefined && budgetPerMinute !== null && !isWhole(budgetPerMinute, 1))
      return refused('budgetPerMinute is a whole number of requests, or null');
    if (retryAfterSeconds !== undefined && retryAfterSeconds !== null && !isWhole(retryAfterSeconds, 0))
      return refused('retryAfterSeconds is a whole number, or null');
    if (windowMs !== undefined && !isWhole(windowMs, 100)) return refused('windowMs is a whole number of at least 100');
    if (typeof throttleNext === 'number') switches.throttleBurst = throttleNext;
    const [currentFormat, currentStatus] = modes.throttleAnswer.split('-') as ['json' | 'xml', '429' | '403'];
    modes.throttleAnswer = `${(format as 'json' | 'xml' | undefined) ?? currentFormat}-${(throttleAs as '429' | '403' | undefined) ?? currentStatus}`;
    if (authFaultFormat !== undefined) modes.authFaultFormat = authFaultFormat as 'json' | 'xml';
    if (budgetPerMinute !== undefined) modes.budgetPerMinute = budgetPerMinute as number | null;
    if (retryAfterSeconds !== undefined) modes.retryAfterSeconds = retryAfterSeconds as number | null;
    if (typeof windowMs === 'number') modes.windowMs = windowMs;
  }
  return { status: 200, body: { ...modes, throttleNext: switches.throttleBurst } };
}

/** POST /_control/company {kind ('US'|'non-US'), automatedSalesTax (boolean), salesTaxRate (percent)}; GET answers it. */
function companyControl(method: string, body: string, company: CompanyState, persist: () => void): ControlAnswer {
  if (method === 'POST') {
    const change = objectOf(body);
    if (typeof change === 'string') return refused(change);
    const unknown = Object.keys(change).find((key) => !['kind', 'automatedSalesTax', 'salesTaxRate'].includes(key));
    if (unknown) return refused(`Unknown field "${unknown}"; fields are kind, automatedSalesTax, salesTaxRate`);
    const { kind, automatedSalesTax, salesTaxRate } = change;
    if (kind !== 'US' && kind !== 'non-US') return refused("kind is 'US' or 'non-US'");
    if (automatedSalesTax !== undefined && typeof automatedSalesTax !== 'boolean')
      return refused('automatedSalesTax is true or false');
    const rate =
      typeof salesTaxRate === 'string' && /^\d+(\.\d+)?$/.test(salesTaxRate.trim())
        ? Number(salesTaxRate)
        : salesTaxRate;
    if (rate !== undefined && !(typeof rate === 'number' && Number.isFinite(rate) && rate >= 0 && rate <= 100))
      return refused('salesTaxRate is a percentage from 0 to 100, such as 8.25');
    setCompanyTax(company, companyTax(kind, automatedSalesTax === true, rate as number | undefined));
    persist();
  }
  const tax = company.tax ?? defaultCompanyTax();
  return {
    status: 200,
    body: {
      kind: tax.kind,
      automatedSalesTax: tax.automatedSalesTax,
      salesTaxRate: tax.salesTaxRatePercent,
      taxCodes: taxCodeEntities(tax).map(({ Id, Name, Active }) => ({ Id, Name, Active })),
    },
  };
}

/** The simulator's own control paths (simulated mode only); false when the path is not one of them. */
export function answerControl(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  body: string,
  target: { modes: QboSimulatorModes; faults: QboSimulatorFaults; company: CompanyState; persist: () => void },
): boolean {
  const method = req.method ?? 'GET';
  let answer: ControlAnswer;
  if (path === '/_control/faults') answer = faultsControl(method, body, target.modes, target.faults);
  else if (path === '/_control/company') answer = companyControl(method, body, target.company, target.persist);
  else return false;
  if (method !== 'GET' && method !== 'POST')
    answer = { status: 405, body: { error: 'method_not_allowed', error_description: 'GET or POST' } };
  res.writeHead(answer.status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(answer.body));
  return true;
}
