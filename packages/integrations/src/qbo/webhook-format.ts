// QuickBooks webhooks on the wire (reference/quickbooks-after-invoice.md §1): the intuit-signature,
// the classic `eventNotifications` body and the CloudEvents array. The app reads them, the
// simulator writes them; both go through here so the two can never disagree.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { QboWebhookEvent } from './receivable-entities';

/** base64(HMAC-SHA256(verifierToken, exact body bytes)), as Intuit signs a delivery. */
export function signWebhookBody(verifierToken: string, rawBody: Buffer | string): string {
  return createHmac('sha256', Buffer.from(verifierToken, 'utf8')).update(rawBody).digest('base64');
}

/** Whether `header` is the body's signature; compared in constant time, never by `==`. */
export function verifyWebhookSignature(
  verifierToken: string,
  rawBody: Buffer | string,
  header: string | undefined | null,
): boolean {
  if (!header || !verifierToken) return false;
  const expected = Buffer.from(signWebhookBody(verifierToken, rawBody), 'utf8');
  const given = Buffer.from(header.trim(), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const verbToOperation: Record<string, string> = {
  created: 'Create',
  create: 'Create',
  updated: 'Update',
  update: 'Update',
  deleted: 'Delete',
  delete: 'Delete',
  merged: 'Merge',
  merge: 'Merge',
  voided: 'Void',
  void: 'Void',
  emailed: 'Emailed',
};

/** CloudEvents name entities in lower case (`creditmemo`); the classic body in PascalCase. */
const entityNames: Record<string, string> = {
  invoice: 'Invoice',
  payment: 'Payment',
  creditmemo: 'CreditMemo',
  customer: 'Customer',
};

function pascalEntity(name: string): string {
  return entityNames[name.toLowerCase()] ?? name.charAt(0).toUpperCase() + name.slice(1);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= 200
    ? value
    : typeof value === 'number'
      ? String(value)
      : null;
}

/** `2015-10-05T14:42:19-0700` (no colon), `…000Z`, nanoseconds: all as an ISO instant, or null. */
export function parseWebhookTime(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  let normalised = value.trim().replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  // JavaScript dates take at most milliseconds.
  normalised = normalised.replace(/(\.\d{3})\d+/, '$1');
  const at = Date.parse(normalised);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

function classicEventId(realmId: string, entity: Record<string, unknown>): string {
  const fingerprint = [realmId, entity.name, entity.id, entity.operation, entity.lastUpdated].map(String).join('|');
  return `classic-${createHash('sha256').update(fingerprint).digest('hex').slice(0, 32)}`;
}

export type ParsedWebhookBody = {
  format: 'classic' | 'cloudevents' | 'empty';
  events: QboWebhookEvent[];
  skipped: number;
};

/**
 * The events of a webhook body in either format (format told by its shape, as Intuit's guide says).
 * Entries that cannot be read (no id, an unknown verb) are counted as skipped, never fatal: Intuit
 * retries a whole batch that is not answered 200. Throws SyntaxError only for text that is not JSON.
 */
export function parseWebhookBody(raw: string): ParsedWebhookBody {
  if (raw.trim() === '') return { format: 'empty', events: [], skipped: 0 };
  const body: unknown = JSON.parse(raw);
  const events: QboWebhookEvent[] = [];
  let skipped = 0;
  if (Array.isArray(body)) {
    for (const item of body) {
      const event = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
      const [vendor, entity, verb] = String(event.type ?? '').split('.');
      const operation = verbToOperation[String(verb ?? '').toLowerCase()];
      const realmId = text(event.intuitaccountid);
      const entityId = text(event.intuitentityid);
      const occurredAt = parseWebhookTime(event.time);
      if (vendor !== 'qbo' || !entity || !operation || !realmId || !entityId || !occurredAt) {
        skipped += 1;
        continue;
      }
      const data = typeof event.data === 'object' && event.data !== null ? (event.data as Record<string, unknown>) : {};
      const deletedId = text(data.deletedid ?? data.deletedId);
      events.push({
        eventId:
          text(event.id) ?? classicEventId(realmId, { name: entity, id: entityId, operation, lastUpdated: event.time }),
        realmId,
        entityName: pascalEntity(entity),
        entityId,
        operation,
        occurredAt,
        ...(deletedId ? { deletedId } : {}),
      });
    }
    return { format: 'cloudevents', events, skipped };
  }
  const notifications = (body as { eventNotifications?: unknown } | null)?.eventNotifications;
  if (!Array.isArray(notifications)) return { format: 'empty', events, skipped: 1 };
  for (const notification of notifications) {
    const realmId = text((notification as { realmId?: unknown } | null)?.realmId);
    const entities = (notification as { dataChangeEvent?: { entities?: unknown } } | null)?.dataChangeEvent?.entities;
    if (!realmId || !Array.isArray(entities)) {
      skipped += 1;
      continue;
    }
    for (const item of entities) {
      const entity = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
      const name = text(entity.name);
      const entityId = text(entity.id);
      const operation = verbToOperation[String(entity.operation ?? '').toLowerCase()];
      const occurredAt = parseWebhookTime(entity.lastUpdated);
      if (!name || !entityId || !operation || !occurredAt) {
        skipped += 1;
        continue;
      }
      const deletedId = text(entity.deletedId);
      events.push({
        eventId: classicEventId(realmId, entity),
        realmId,
        entityName: pascalEntity(name),
        entityId,
        operation,
        occurredAt,
        ...(deletedId ? { deletedId } : {}),
      });
    }
  }
  return { format: 'classic', events, skipped };
}

export type WebhookChange = {
  realmId: string;
  entityName: string;
  entityId: string;
  operation: string;
  occurredAt: Date;
  deletedId?: string;
};

const cloudVerbs: Record<string, string> = {
  Create: 'created',
  Update: 'updated',
  Delete: 'deleted',
  Merge: 'merged',
  Void: 'voided',
  Emailed: 'emailed',
};

/** The classic body Intuit sends: one realm per POST, `lastUpdated` in UTC with milliseconds. */
export function classicWebhookBody(realmId: string, changes: WebhookChange[]): string {
  return JSON.stringify({
    eventNotifications: [
      {
        realmId,
        dataChangeEvent: {
          entities: changes.map((change) => ({
            name: change.entityName,
            id: change.entityId,
            operation: change.operation,
            lastUpdated: change.occurredAt.toISOString(),
            ...(change.deletedId ? { deletedId: change.deletedId } : {}),
          })),
        },
      },
    ],
  });
}

/** The CloudEvents array; `newId` makes each event's id (a retried batch keeps the ids it had). */
export function cloudEventsWebhookBody(
  changes: WebhookChange[],
  newId: (change: WebhookChange) => string,
  source: string,
): string {
  return JSON.stringify(
    changes.map((change) => ({
      specversion: '1.0',
      id: newId(change),
      source,
      type: `qbo.${change.entityName.toLowerCase()}.${cloudVerbs[change.operation] ?? change.operation.toLowerCase()}.v1`,
      datacontenttype: 'application/json',
      time: change.occurredAt.toISOString(),
      intuitentityid: change.entityId,
      intuitaccountid: change.realmId,
      data: change.deletedId ? { deletedid: change.deletedId } : {},
    })),
  );
}
