import { describe, expect, it } from 'vitest';
import { parseWebhookBody, parseWebhookTime, signWebhookBody, verifyWebhookSignature } from './webhook-format';

// The wire formats of reference/quickbooks-after-invoice.md §1.3-1.5, with its copied examples.

describe('QuickBooks webhook bodies', () => {
  it("reads Intuit's multi-entity classic example and its signature vector", () => {
    const body =
      '{"eventNotifications":[{"realmId":"1269959970","dataChangeEvent":{"entities":[{"name":"Vendor","id":"40","operation":"Update",' +
      '"lastUpdated":"2016-10-05T03:09:04.000Z"},{"name":"Customer","id":"43","operation":"Create","lastUpdated":"2016-10-05T03:07:04.000Z"}]}}]}';
    expect(signWebhookBody('00faeec4-08d0-4996-bb37-698ae19f0149', body)).toBe(
      '6q+xGyMirJupwKTh2/WBl2NcdxzxqdIbk3sneKTxLWM=',
    );
    expect(
      verifyWebhookSignature(
        '00faeec4-08d0-4996-bb37-698ae19f0149',
        `${body}\n`,
        '6q+xGyMirJupwKTh2/WBl2NcdxzxqdIbk3sneKTxLWM=',
      ),
    ).toBe(false);
    const parsed = parseWebhookBody(body);
    expect(parsed.format).toBe('classic');
    expect(parsed.events.map((event) => [event.realmId, event.entityName, event.entityId, event.operation])).toEqual([
      ['1269959970', 'Vendor', '40', 'Update'],
      ['1269959970', 'Customer', '43', 'Create'],
    ]);
    // The same entry twice has the same key: a retried batch folds into what was stored.
    expect(parseWebhookBody(body).events[0]!.eventId).toBe(parsed.events[0]!.eventId);
  });

  it('reads CloudEvents arrays: void and voided, deletedid and deletedId, data absent, nanoseconds', () => {
    const body = JSON.stringify([
      {
        specversion: '1.0',
        id: 'a',
        type: 'qbo.invoice.voided.v1',
        time: '2025-09-10T21:31:25.179851517Z',
        intuitentityid: '130',
        intuitaccountid: '310687',
      },
      {
        specversion: '1.0',
        id: 'b',
        type: 'qbo.invoice.void.v1',
        time: '2025-12-04T15:25:05Z',
        intuitentityid: '131',
        intuitaccountid: '310687',
        data: {},
      },
      {
        specversion: '1.0',
        id: 'c',
        type: 'qbo.customer.merged.v1',
        time: '2026-02-24T15:28:19.91Z',
        intuitentityid: '123',
        intuitaccountid: '310687',
        data: { deletedid: '27' },
      },
      {
        specversion: '1.0',
        id: 'd',
        type: 'qbo.creditmemo.EMAILED.v1',
        time: '2026-02-24T15:28:19Z',
        intuitentityid: '9',
        intuitaccountid: '310687',
        data: { deletedId: '8' },
      },
      {
        specversion: '1.0',
        id: 'e',
        type: 'qbo.invoice.exploded.v1',
        time: '2026-02-24T15:28:19Z',
        intuitentityid: '9',
        intuitaccountid: '310687',
      },
      'not an event',
    ]);
    const parsed = parseWebhookBody(body);
    expect(parsed.format).toBe('cloudevents');
    expect(parsed.skipped).toBe(2);
    expect(parsed.events).toEqual([
      {
        eventId: 'a',
        realmId: '310687',
        entityName: 'Invoice',
        entityId: '130',
        operation: 'Void',
        occurredAt: '2025-09-10T21:31:25.179Z',
      },
      {
        eventId: 'b',
        realmId: '310687',
        entityName: 'Invoice',
        entityId: '131',
        operation: 'Void',
        occurredAt: '2025-12-04T15:25:05.000Z',
      },
      {
        eventId: 'c',
        realmId: '310687',
        entityName: 'Customer',
        entityId: '123',
        operation: 'Merge',
        occurredAt: '2026-02-24T15:28:19.910Z',
        deletedId: '27',
      },
      {
        eventId: 'd',
        realmId: '310687',
        entityName: 'CreditMemo',
        entityId: '9',
        operation: 'Emailed',
        occurredAt: '2026-02-24T15:28:19.000Z',
        deletedId: '8',
      },
    ]);
  });

  it('parses every lastUpdated form Intuit has sent, refuses what is no time, and throws only on text that is not JSON', () => {
    expect(parseWebhookTime('2015-10-05T14:42:19-0700')).toBe('2015-10-05T21:42:19.000Z');
    expect(parseWebhookTime('2016-10-05T03:09:04.000Z')).toBe('2016-10-05T03:09:04.000Z');
    expect(parseWebhookTime('yesterday')).toBeNull();
    expect(parseWebhookBody('')).toEqual({ format: 'empty', events: [], skipped: 0 });
    expect(parseWebhookBody('{"something":"else"}')).toMatchObject({ events: [], skipped: 1 });
    expect(() => parseWebhookBody('{"eventNotifications": [')).toThrow(SyntaxError);
  });
});
