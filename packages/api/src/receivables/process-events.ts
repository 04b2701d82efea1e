/**
 * Works the webhook events stored by webhook-intake.ts: for each entity they name, QuickBooks is
 * asked again and what it holds now is applied (apply-snapshot.ts). Events of another company, or
 * of entities the app did not create, are marked ignored. Several events on one entity cost one read.
 */
import type { Database, InvoiceReceivable } from '@phone-billing/db';
import type { QboClient } from '@phone-billing/integrations/qbo';
import { refreshReceivables, trackCreatedInvoices } from './track-invoices';

const eventsPerPass = 500;

type ClaimedEvent = { id: bigint; realmId: string; entityName: string; entityId: string; operation: string };

export type EventPassResult = { events: number; ignored: number; refreshed: number };

/** Claims pending events (others' claims are skipped, so several workers share the work). */
async function claimEvents(db: Database): Promise<ClaimedEvent[]> {
  return db.$queryRaw<ClaimedEvent[]>`
    UPDATE "qbo_webhook_events" SET "processedAt" = now(), "outcome" = 'working'
    WHERE id IN (SELECT id FROM "qbo_webhook_events" WHERE "processedAt" IS NULL
                 ORDER BY id LIMIT ${eventsPerPass} FOR UPDATE SKIP LOCKED)
    RETURNING id, "realmId", "entityName", "entityId", "operation"`;
}

/** Events a crashed worker had claimed (still "working" after two minutes) go back to pending. */
export async function releaseStaleClaims(db: Database, olderThanMs = 120_000): Promise<number> {
  const result = await db.qboWebhookEvent.updateMany({
    where: { outcome: 'working', processedAt: { lt: new Date(Date.now() - olderThanMs) } },
    data: { processedAt: null, outcome: null },
  });
  return result.count;
}

async function settle(db: Database, ids: bigint[], outcome: string): Promise<void> {
  if (ids.length > 0)
    await db.qboWebhookEvent.updateMany({ where: { id: { in: ids } }, data: { outcome, processedAt: new Date() } });
}

/** Receivables a payment touches: the invoices it links now, and those we had it applied to. */
async function receivablesOfPayments(
  db: Database,
  client: QboClient,
  paymentIds: string[],
): Promise<InvoiceReceivable[]> {
  const invoiceIds = new Set<string>();
  for (const id of paymentIds) {
    const payment = await client.getPayment(id);
    for (const line of payment?.Line ?? [])
      for (const link of line.LinkedTxn) if (link.TxnType === 'Invoice') invoiceIds.add(link.TxnId);
  }
  const known = await db.invoicePayment.findMany({
    where: { qboPaymentId: { in: paymentIds } },
    select: { ledgerId: true },
  });
  return db.invoiceReceivable.findMany({
    where: {
      OR: [{ kind: 'INVOICE', qboId: { in: [...invoiceIds] } }, { ledgerId: { in: known.map((row) => row.ledgerId) } }],
    },
  });
}

/**
 * One pass over pending events (at most 500). Returns what it did; call again while `events` > 0.
 * When QuickBooks fails, the claimed events go back to pending and the error is thrown (the
 * queue retries; the sync interval catches up whatever is left).
 */
export async function processWebhookEvents(db: Database, client: QboClient | null): Promise<EventPassResult> {
  const events = await claimEvents(db);
  if (events.length === 0) return { events: 0, ignored: 0, refreshed: 0 };
  const realmId = client ? await client.connectedRealmId() : null;
  const ours = events.filter((event) => realmId !== null && event.realmId === realmId);
  await settle(
    db,
    events.filter((event) => !ours.includes(event)).map((event) => event.id),
    realmId ? 'ignored: another company' : 'ignored: QuickBooks not connected',
  );
  if (ours.length === 0 || !client) return { events: events.length, ignored: events.length, refreshed: 0 };

  try {
    await trackCreatedInvoices(db);
    const idsOf = (name: string) => [
      ...new Set(ours.filter((event) => event.entityName === name).map((event) => event.entityId)),
    ];
    const invoiceRows = await db.invoiceReceivable.findMany({
      where: {
        OR: [
          { kind: 'INVOICE', qboId: { in: idsOf('Invoice') } },
          { kind: 'CREDIT_MEMO', qboId: { in: idsOf('CreditMemo') } },
        ],
      },
    });
    const paymentRows = idsOf('Payment').length > 0 ? await receivablesOfPayments(db, client, idsOf('Payment')) : [];
    const rows = [...new Map([...invoiceRows, ...paymentRows].map((row) => [row.ledgerId, row])).values()];
    const { applied } = await refreshReceivables(db, client, rows);

    const followed = new Set(
      rows.map((row) => `${row.kind === 'CREDIT_MEMO' ? 'CreditMemo' : 'Invoice'}:${row.qboId}`),
    );
    const isOurs = (event: ClaimedEvent) =>
      event.entityName === 'Payment' || followed.has(`${event.entityName}:${event.entityId}`);
    await settle(
      db,
      ours.filter(isOurs).map((event) => event.id),
      'applied',
    );
    await settle(
      db,
      ours.filter((event) => !isOurs(event)).map((event) => event.id),
      'ignored: not an invoice the app created',
    );
    return { events: events.length, ignored: events.length - ours.filter(isOurs).length, refreshed: applied };
  } catch (error) {
    await db.qboWebhookEvent.updateMany({
      where: { id: { in: ours.map((event) => event.id) } },
      data: { processedAt: null, outcome: null },
    });
    throw error;
  }
}
