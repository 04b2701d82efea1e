import { describe, expect, it } from 'vitest';
import { parseQboFault, QboApiError } from './errors';

describe('QuickBooks faults', () => {
  it('reads the capitalised Fault envelope', () => {
    const body = {
      Fault: {
        Error: [
          {
            Message: 'Duplicate Document Number Error',
            Detail: 'DocNumber=18696 is assigned',
            code: '6140',
            element: '',
          },
        ],
        type: 'ValidationFault',
      },
      time: '2026-09-01T19:27:51.208-07:00',
    };
    const error = QboApiError.fromResponse(400, body, '1-abc');
    expect(error).toMatchObject({
      status: 400,
      code: '6140',
      type: 'ValidationFault',
      detail: 'DocNumber=18696 is assigned',
      retryable: false,
      intuitTid: '1-abc',
    });
    expect(error.message).toBe('QuickBooks error 6140: Duplicate Document Number Error: DocNumber=18696 is assigned');
  });

  it('reads the lower-case fault variant QuickBooks sends with 401s', () => {
    const body = {
      warnings: null,
      fault: {
        error: [
          {
            message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401',
            detail: 'Token expired: AB0',
            code: '3200',
            element: null,
          },
        ],
        type: 'AUTHENTICATION',
      },
      time: 1730024394085,
    };
    expect(parseQboFault(body)).toEqual({
      type: 'AUTHENTICATION',
      errors: [
        {
          message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401',
          detail: 'Token expired: AB0',
          code: '3200',
          element: null,
        },
      ],
    });
    expect(QboApiError.fromResponse(401, body)).toMatchObject({ code: '3200', type: 'AUTHENTICATION' });
  });

  it('explains answers without a fault body and marks 429 and 5xx as retryable', () => {
    const gateway = QboApiError.fromResponse(502, '<html>Bad Gateway</html>');
    expect(gateway).toMatchObject({ code: 'HTTP_502', retryable: true });
    expect(gateway.message).toContain('HTTP 502');
    expect(
      QboApiError.fromResponse(429, {
        Fault: { Error: [{ Message: 'message=ThrottleExceeded', code: '3001' }], type: 'SERVICE' },
      }).retryable,
    ).toBe(true);
    expect(parseQboFault({ QueryResponse: {} })).toBeNull();
  });

  it('reads XML faults as it reads JSON ones: same code, message and detail, and never keeps the XML', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<IntuitResponse time="2016-10-10T12:14:28.801-07:00" xmlns="http://schema.intuit.com/finance/v3">
    <Fault type="SERVICE">
        <Error code="3001">
            <Message>message=ThrottleExceeded; errorCode=003001; statusCode=403</Message>
            <Detail>The request limit was reached.  Try again later</Detail>
        </Error>
    </Fault>
</IntuitResponse>`;
    const json = {
      Fault: {
        Error: [
          {
            Message: 'message=ThrottleExceeded; errorCode=003001; statusCode=403',
            Detail: 'The request limit was reached.  Try again later',
            code: '3001',
          },
        ],
        type: 'SERVICE',
      },
    };
    const fromXml = QboApiError.fromResponse(403, xml);
    const fromJson = QboApiError.fromResponse(403, json);
    for (const error of [fromXml, fromJson]) {
      expect(error).toMatchObject({
        status: 403,
        code: '3001',
        type: 'SERVICE',
        detail: 'The request limit was reached.  Try again later',
        throttled: true,
        retryable: true,
      });
      expect(error.message).not.toMatch(/[<>]/);
    }
    expect(fromXml.message).toBe(fromJson.message);
  });

  it('reads an XML 401 (AuthenticationFault) with escaped text', () => {
    const xml =
      '<?xml version="1.0"?><IntuitResponse xmlns="http://schema.intuit.com/finance/v3"><Fault type="AuthenticationFault">' +
      '<Error code="100"><Message>General Authentication Error</Message><Detail>AuthenticationErrorGeneral: SRV-110-Authentication Failure &amp; token rejected, statusCode: 401</Detail></Error></Fault></IntuitResponse>';
    expect(parseQboFault(xml)).toEqual({
      type: 'AuthenticationFault',
      errors: [
        {
          message: 'General Authentication Error',
          detail: 'AuthenticationErrorGeneral: SRV-110-Authentication Failure & token rejected, statusCode: 401',
          code: '100',
          element: null,
        },
      ],
    });
    expect(QboApiError.fromResponse(401, xml)).toMatchObject({ code: '100', throttled: false, retryable: false });
  });

  it('recognises throttling in every form: 429 without a fault, code 3001 or 003001 on a 403, never other 403s', () => {
    expect(QboApiError.fromResponse(429, '')).toMatchObject({ throttled: true, retryable: true });
    expect(
      QboApiError.fromResponse(403, { fault: { error: [{ message: 'x', code: '003001' }], type: 'SERVICE' } })
        .throttled,
    ).toBe(true);
    const refused = QboApiError.fromResponse(403, {
      Fault: {
        Error: [{ Message: 'message=ApplicationAuthorizationFailed; errorCode=003100; statusCode=403', code: '3100' }],
        type: 'AuthorizationFault',
      },
    });
    expect(refused).toMatchObject({ throttled: false, retryable: false });
  });

  it('shows neither XML nor HTML that holds no fault', () => {
    expect(QboApiError.fromResponse(502, '<html><body><h1>502 Bad Gateway</h1></body></html>').message).toBe(
      'QuickBooks answered HTTP 502',
    );
    expect(QboApiError.fromResponse(400, '<?xml version="1.0"?><IntuitResponse/>').message).toBe(
      'QuickBooks answered HTTP 400',
    );
    expect(QboApiError.fromResponse(503, 'upstream   timed out').message).toBe(
      'QuickBooks answered HTTP 503: upstream timed out',
    );
  });
});
