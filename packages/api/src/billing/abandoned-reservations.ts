/**
 * Reservations left by jobs that have ended (cancelled, failed, crashed and never resumed) would
 * hold their calls for ever. Each one untouched for ABANDONED_AFTER_MS is settled:
 * - never sent → dropped (nothing can be in QuickBooks);
 * - sent → its DocNumber is looked up in QuickBooks: found → CREATED; not found → sent again with
 *   its own requestid (QuickBooks answers the original when it had created it, even if a person
 *   deleted it or edited its number since), so the entry gets the invoice QuickBooks made; when it
 *   cannot be sent again (kill switch, no connection, a refusal) it is flagged for a person and kept.
 * No machine ever drops a sent invoice (DESIGN.md §4): only a person releases it.
 */
import { Prisma } from '@phone-billing/db';
import type { QboClient } from '@phone-billing/integrations/qbo';
import type { AppServices } from '../services';
import { notify } from '../notifications';
import { refreshJobCounts } from './claim-job';
import { buildInvoice, SERVICE_ITEM_NAME } from './invoice-body';
import { readKillSwitch } from './kill-switch';
import { ABANDONED_AFTER_MS, entryLines, markInvoiceCreated } from './ledger';
import { dropReservations } from './ledger-drops';
import { findSentInvoice, qboClientOf } from './send-invoices';

type Stranded = {
  id: string;
  docNumber: string;
  kind: string;
  firstSentAt: Date | null;
  billingJobCustomerId: string | null;
  billingJobId: string;
};

export async function resolveAbandonedReservations(
  services: AppServices,
  now = new Date(),
): Promise<{ created: number; dropped: number; flagged: number }> {
  const { db } = services;
  const cutoff = new Date(now.getTime() - ABANDONED_AFTER_MS);
  const stranded = await db.$queryRaw<Stranded[]>`
    SELECT l.id::text, l."docNumber", l.kind, l."firstSentAt", l."billingJobCustomerId"::text AS "billingJobCustomerId", l."billingJobId"::text AS "billingJobId"
    FROM invoice_ledger l LEFT JOIN billing_jobs j ON j.id = l."billingJobId"
    WHERE l.state = 'RESERVED' AND l."updatedAt" < ${cutoff}
      AND (j.id IS NULL OR j.status NOT IN ('PENDING', 'IN_PROGRESS', 'AWAITING_REVIEW'))
    ORDER BY l."updatedAt" LIMIT 100`;
  const result = { created: 0, dropped: 0, flagged: 0 };
  let client: QboClient | null | undefined;
  for (const entry of stranded) {
    if (!entry.firstSentAt) {
      result.dropped += (
        await dropReservations(db, Prisma.sql`l.id = ${entry.id}::uuid AND l."firstSentAt" IS NULL`)
      ).length;
      continue;
    }
    client ??= (await qboClientOf(services)).client;
    if (!client) continue;
    const existing = await findSentInvoice(client, entry.docNumber, entry.kind);
    if (existing === undefined) continue; // QuickBooks could not tell: next time
    const created = existing ?? (await sendAgain(services, client, entry));
    if (typeof created === 'string') {
      result.flagged += await flag(services, entry, created);
      continue;
    }
    await markInvoiceCreated(db, entry, created);
    await refreshJobCounts(db, entry.billingJobId);
    result.created += 1;
  }
  return result;
}

/** Sends the reservation again with its own requestid: what QuickBooks holds for it, or why it could not be sent. */
async function sendAgain(
  services: AppServices,
  client: QboClient,
  stranded: Stranded,
): Promise<{ Id: string } | string> {
  const { db } = services;
  const killSwitch = await readKillSwitch(db);
  if (killSwitch.enabled) return 'the kill switch is on';
  const entry = await db.invoiceLedgerEntry.findUnique({ where: { id: stranded.id } });
  if (!entry || entry.state !== 'RESERVED') return 'it changed meanwhile';
  const profile = await db.customerProfile.findFirst({
    where: { id: entry.profileId },
    select: { qboCustomerId: true },
  });
  const qboCustomerId = profile?.qboCustomerId?.trim();
  if (!qboCustomerId) return 'its customer profile has no QuickBooks customer';
  try {
    const item = await client.ensureServiceItem(SERVICE_ITEM_NAME);
    const itemsByName = new Map<string, Awaited<ReturnType<typeof client.ensureServiceItem>>>();
    for (const name of new Set(entryLines(entry).flatMap((line) => (line.itemName ? [line.itemName] : [])))) {
      itemsByName.set(name, await client.ensureServiceItem(name));
    }
    const body = buildInvoice({
      qboCustomerId,
      docNumber: entry.docNumber,
      txnDate: (entry.txnDate ?? entry.createdAt).toISOString().slice(0, 10),
      lines: entryLines(entry),
      item,
      itemsByName,
      memo: entry.memo ?? '',
      privateNote: entry.privateNote ?? '',
    });
    const beforeSend = async () => {
      await db.$executeRaw`
        UPDATE invoice_ledger SET "sendAttempts" = "sendAttempts" + 1, "lastSentAt" = now() AT TIME ZONE 'UTC', "updatedAt" = now() AT TIME ZONE 'UTC'
        WHERE id = ${entry.id}::uuid AND state = 'RESERVED'`;
    };
    const options = { requestId: entry.requestId, beforeSend };
    return entry.kind === 'CREDIT_MEMO'
      ? await client.createCreditMemo(body, options)
      : await client.createInvoice(body, options);
  } catch (error) {
    return `QuickBooks did not take it again (${error instanceof Error ? error.message : String(error)})`;
  }
}

/** Kept for a person (once per entry): the bell rings and the entry says QuickBooks is missing it. */
async function flag(services: AppServices, entry: Stranded, why: string): Promise<number> {
  const { db } = services;
  const marked = await db.invoiceLedgerEntry.updateMany({
    where: { id: entry.id, state: 'RESERVED', OR: [{ qboStatus: null }, { qboStatus: { not: 'missing' } }] },
    data: { qboStatus: 'missing', voidDetectedAt: new Date(), outcomeUnknown: true },
  });
  if (marked.count === 0) return 0;
  await notify(db, {
    kind: 'billing-failure',
    message:
      `Invoice ${entry.docNumber} may have reached QuickBooks but is not there, and could not be sent again: ${why}. It stays billed until a person decides.`.slice(
        0,
        500,
      ),
    link: '/billing-jobs',
  });
  return 1;
}
