import { describe, expect, it } from 'vitest';
import { serializeError, wantsPrettyLogs } from './logging';

describe('how errors are logged', () => {
  it('names the error (type, message, code, stack, cause) and leaves out the objects hanging off it', () => {
    class DatabaseError extends Error {}
    const error = Object.assign(new DatabaseError('terminating connection due to administrator command'), {
      code: '57P01',
      severity: 'FATAL',
      client: { connectionParameters: { password: 'secret' }, _queryable: false, _events: {} },
    });
    error.cause = new Error('socket closed');
    const logged = serializeError(error);
    expect(Object.keys(logged).sort()).toEqual(['cause', 'code', 'message', 'stack', 'type']);
    expect(logged).toMatchObject({
      type: 'DatabaseError',
      message: 'terminating connection due to administrator command',
      code: '57P01',
      cause: { type: 'Error', message: 'socket closed' },
    });
    expect(JSON.stringify(logged)).not.toContain('secret');
  });

  it('logs what was thrown when it is not an Error', () => {
    expect(serializeError('plain text')).toMatchObject({ type: 'string', message: 'plain text' });
  });
});

describe('log format', () => {
  it('is human-readable on a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(wantsPrettyLogs({}, true)).toBe(true);
    expect(wantsPrettyLogs({}, false)).toBe(false);
    expect(wantsPrettyLogs({ LOG_FORMAT: 'json' }, true)).toBe(false);
    expect(wantsPrettyLogs({ LOG_FORMAT: 'pretty' }, false)).toBe(true);
  });
});
