import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { errorMessage } from './trpc';

const serverError = (message: string, code: string, httpStatus: number) =>
  TRPCClientError.from({ error: { message, code: -32000, data: { code, httpStatus } } } as never);

describe('errorMessage', () => {
  it('shows what our API said when it answered with its own error', () => {
    expect(
      errorMessage(
        serverError('Billing is paused by the kill switch: audit', 'CONFLICT', 409),
        'Failed to start billing job',
      ),
    ).toBe('Billing is paused by the kill switch: audit');
  });

  it("shows the catalogue's text for a proxy's HTML page, a dropped connection or a server bug", () => {
    const htmlPage = TRPCClientError.from(new SyntaxError(`Unexpected token '<', "<html><bod"... is not valid JSON`));
    const dropped = TRPCClientError.from(new TypeError('Failed to fetch'));
    expect(errorMessage(htmlPage, 'Failed to load regions')).toBe('Failed to load regions');
    expect(errorMessage(dropped, 'Failed to retry job')).toBe('Failed to retry job');
    expect(
      errorMessage(serverError('Cannot read properties of undefined', 'INTERNAL_SERVER_ERROR', 500), 'Failed to save'),
    ).toBe('Failed to save');
    expect(errorMessage(new Error('Failed to fetch'), 'Failed to load access data')).toBe('Failed to load access data');
  });
});
