/**
 * QuickBooks webhook deliveries (POST /api/v1/webhooks/quickbooks). The signature is checked over
 * the raw bytes before anything is stored; a delivery without a valid one is refused (401) and only
 * counted. A signed delivery is answered 200 at once whatever it holds (Intuit retries the whole
 * batch on anything else): its events are stored once each (duplicates fold on their key) and the
 * work is queued; the queue's worker re-reads each entity from QuickBooks (process-events.ts).
 */
import { parseWebhookBody, verifyWebhookSignature, type QboWebhookEvent } from '@phone-billing/integrations/qbo';
import { executeLargeWrite, Prisma, type Database } from '@phone-billing/db';

/** More events than this in one delivery are not stored one by one: the next sync reads everything. */
export const MAX_EVENTS_PER_DELIVERY = 1000;

export type WebhookDeliveryOutcome =
  | { status: 401; reason: string }
  | { status: 200; format: string; accepted: number; duplicates: number; skipped: number; overflow: boolean };

export async function acceptWebhookDelivery(
  db: Database,
  delivery: { rawBody: Buffer; signature: string | undefined; verifierToken: string | null },
): Promise<WebhookDeliveryOutcome> {
  if (!delivery.verifierToken)
    return reject(db, 'No QBO_WEBHOOK_VERIFIER_TOKEN is configured: webhook deliveries cannot be verified');
  if (!delivery.signature) return reject(db, 'The intuit-signature header is missing');
  if (!verifyWebhookSignature(delivery.verifierToken, delivery.rawBody, delivery.signature))
    return reject(db, 'The intuit-signature does not match the body');

  let parsed: ReturnType<typeof parseWebhookBody>;
  try {
    parsed = parseWebhookBody(delivery.rawBody.toString('utf8'));
  } catch {
    // Signed but not JSON: nothing to store, and nothing Intuit can fix by sending it again.
    return { status: 200, format: 'unreadable', accepted: 0, duplicates: 0, skipped: 1, overflow: false };
  }
  const overflow = parsed.events.length > MAX_EVENTS_PER_DELIVERY;
  const events = overflow ? [] : parsed.events;
  const accepted = events.length === 0 ? 0 : await storeEvents(db, events);
  return {
    status: 200,
    format: parsed.format,
    accepted,
    duplicates: events.length - accepted,
    skipped: parsed.skipped,
    overflow,
  };
}

async function reject(db: Database, reason: string): Promise<WebhookDeliveryOutcome> {
  await db.qboWebhookRejection.create({ data: { reason } }).catch(() => undefined);
  return { status: 401, reason };
}

async function storeEvents(db: Database, events: QboWebhookEvent[]): Promise<number> {
  const rows = events.map(
    (event) =>
      Prisma.sql`(${event.eventId}, ${event.realmId}, ${event.entityName}, ${event.entityId}, ${event.operation}, ${new Date(event.occurredAt)})`,
  );
  // Straight through node-postgres: on the hottest write path Prisma's per-query work would cost as much as the insert.
  return executeLargeWrite(
    db,
    Prisma.sql`
    INSERT INTO "qbo_webhook_events" ("eventKey", "realmId", "entityName", "entityId", "operation", "occurredAt")
    VALUES ${Prisma.join(rows)}
    ON CONFLICT ("eventKey") DO NOTHING`,
  );
}
