import { describe, expect, it } from 'vitest';
import { parseQboFault, QboApiError } from './errors';

describe('QuickBooks faults', () => {
  it('reads the capitalised Fault envelope', () => {
    const body = {
      Fault: { Error: [{ Message: 'Duplicate Document Number Error', Detail: 'DocNumber=18696 is assigned', code: '6140', element: '' }], type: 'ValidationFault' },
      time: '2026-09-01T19:27:51.208-07:00',
    };
    const error = QboApiError.fromResponse(400, body, '1-abc');
    expect(error).toMatchObject({ status: 400, code: '6140', type: 'ValidationFault', detail: 'DocNumber=18696 is assigned', retryable: false, intuitTid: '1-abc' });
    expect(error.message).toBe('QuickBooks error 6140: Duplicate Document Number Error: DocNumber=18696 is assigned');
  });

  it('reads the lower-case fault variant QuickBooks sends with 401s', () => {
    const body = {
      warnings: null,
      fault: { error: [{ message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401', detail: 'Token expired: AB0', code: '3200', element: null }], type: 'AUTHENTICATION' },
      time: 1730024394085,
    };
    expect(parseQboFault(body)).toEqual({
      type: 'AUTHENTICATION',
      errors: [{ message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401', detail: 'Token expired: AB0', code: '3200', element: null }],
    });
    expect(QboApiError.fromResponse(401, body)).toMatchObject({ code: '3200', type: 'AUTHENTICATION' });
  });

  it('explains answers without a fault body and marks 429 and 5xx as retryable', () => {
    const gateway = QboApiError.fromResponse(502, '<html>Bad Gateway</html>');
    expect(gateway).toMatchObject({ code: 'HTTP_502', retryable: true });
    expect(gateway.message).toContain('HTTP 502');
    expect(QboApiError.fromResponse(429, { Fault: { Error: [{ Message: 'message=ThrottleExceeded', code: '3001' }], type: 'SERVICE' } }).retryable).toBe(true);
    expect(parseQboFault({ QueryResponse: {} })).toBeNull();
  });
});
