/**
 * The safety net under the webhooks (DESIGN.md §4): change data capture at start and every
 * QBO_SYNC_INTERVAL_SECONDS, from a cursor kept in PostgreSQL, one process at a time (an advisory
 * lock; the others skip the pass). QuickBooks' limits decide the mode: within 30 days and under
 * 1,000 changes, CDC; a first pass, a gap past 30 days, a full answer (it may have cut some) or a
 * CDC failure read the followed invoices again by query instead.
 */
import { QBO_CDC_LOOKBACK_DAYS, QboApiError, type QboClient } from '@phone-billing/integrations/qbo';
import type { Database, InvoiceReceivable } from '@phone-billing/db';
import { applySnapshot, type QboSnapshot } from './apply-snapshot';
import { refreshReceivables, trackCreatedInvoices, unreadReceivables } from './track-invoices';

/** Changes made while a pass ran may carry a LastUpdatedTime (whole seconds) before its cursor. */
const cursorOverlapMs = 60_000;
const lockName = 'receivables.qbo-sync';

export type SyncResult =
  | { ran: false; reason: string }
  | { ran: true; mode: 'cdc' | 'full'; reason?: string; changes: number; applied: number };

async function withTryLock<T>(db: Database, work: () => Promise<T>): Promise<T | null> {
  return db.$transaction(
    async (tx) => {
      const [row] = await tx.$queryRaw<
        Array<{ locked: boolean }>
      >`SELECT pg_try_advisory_xact_lock(hashtext(${lockName})) AS locked`;
      return row?.locked ? work() : null;
    },
    { timeout: 10 * 60_000, maxWait: 10_000 },
  );
}

/** Every followed receivable QuickBooks may still change (a deleted one never comes back). */
function liveReceivables(db: Database): Promise<InvoiceReceivable[]> {
  return db.invoiceReceivable.findMany({ where: { NOT: { status: 'DELETED' } } });
}

async function viaCdc(
  db: Database,
  client: QboClient,
  since: Date,
): Promise<{ changes: number; applied: number; serverTime: Date } | { saturated: true }> {
  const hasCreditMemos = (await db.invoiceReceivable.count({ where: { kind: 'CREDIT_MEMO' } })) > 0;
  const answer = await client.changeDataCapture(
    ['Invoice', 'Payment', ...(hasCreditMemos ? ['CreditMemo'] : [])],
    since,
  );
  if (answer.saturated) return { saturated: true };
  const serverTime =
    answer.time && !Number.isNaN(Date.parse(answer.time)) ? new Date(Date.parse(answer.time)) : new Date();
  let applied = 0;
  const done = new Set<string>();
  for (const [type, kind] of [
    ['Invoice', 'INVOICE'],
    ['CreditMemo', 'CREDIT_MEMO'],
  ] as const) {
    const changed = answer.rows[type] ?? [];
    if (changed.length === 0) continue;
    const rows = await db.invoiceReceivable.findMany({
      where: { kind, qboId: { in: changed.map((entity) => String(entity.Id)) } },
    });
    for (const row of rows) {
      const entity = changed.find((candidate) => String(candidate.Id) === row.qboId)!;
      const snapshot = entity.status === 'Deleted' ? null : (entity as QboSnapshot);
      if ((await applySnapshot(db, client, row, snapshot)) === 'applied') applied += 1;
      done.add(row.ledgerId);
    }
  }
  // A payment whose invoice did not change in the window (or changed before it) is read through the invoice.
  const payments = answer.rows.Payment ?? [];
  if (payments.length > 0) {
    const invoiceIds = payments.flatMap((payment) =>
      ((payment.Line ?? []) as Array<{ LinkedTxn?: Array<{ TxnId: string; TxnType: string }> }>).flatMap((line) =>
        (line.LinkedTxn ?? []).filter((link) => link.TxnType === 'Invoice').map((link) => link.TxnId),
      ),
    );
    const known = await db.invoicePayment.findMany({
      where: { qboPaymentId: { in: payments.map((payment) => String(payment.Id)) } },
      select: { ledgerId: true },
    });
    const rows = await db.invoiceReceivable.findMany({
      where: {
        OR: [{ kind: 'INVOICE', qboId: { in: invoiceIds } }, { ledgerId: { in: known.map((row) => row.ledgerId) } }],
      },
    });
    applied += (
      await refreshReceivables(
        db,
        client,
        rows.filter((row) => !done.has(row.ledgerId)),
      )
    ).applied;
  }
  const changes = Object.values(answer.rows).reduce((sum, rows) => sum + rows.length, 0);
  return { changes, applied, serverTime };
}

/**
 * One sync pass (skipped when another process is in one). Reads first what was never read, then
 * CDC from the cursor, or everything again when CDC cannot be trusted for the gap.
 */
export async function syncWithQuickBooks(
  db: Database,
  client: QboClient | null,
  now = new Date(),
): Promise<SyncResult> {
  if (!client) return { ran: false, reason: 'QuickBooks is not connected' };
  const realmId = await client.connectedRealmId();
  if (!realmId) return { ran: false, reason: 'QuickBooks is not connected' };
  const outcome = await withTryLock(db, async (): Promise<SyncResult> => {
    await trackCreatedInvoices(db);
    const state = await db.qboSyncState.findUnique({ where: { realmId } });
    const since = state?.cdcCursor ? new Date(state.cdcCursor.getTime() - cursorOverlapMs) : null;
    const withinLookBack =
      since !== null && since.getTime() > now.getTime() - QBO_CDC_LOOKBACK_DAYS * 86_400_000 + 60_000;
    let result: SyncResult;
    let cursor: Date;
    try {
      await refreshReceivables(db, client, await unreadReceivables(db));
      let reason = !since ? 'first sync' : 'the last sync is more than 30 days old';
      // QuickBooks refusing the window (400: past its look-back) means reading everything again.
      const cdc = withinLookBack
        ? await viaCdc(db, client, since).catch((error: unknown) =>
            error instanceof QboApiError && error.status === 400 ? ({ refused: true } as const) : Promise.reject(error),
          )
        : null;
      if (cdc && 'changes' in cdc) {
        result = { ran: true, mode: 'cdc', changes: cdc.changes, applied: cdc.applied };
        cursor = cdc.serverTime;
      } else {
        if (cdc)
          reason =
            'saturated' in cdc
              ? 'more than 1,000 changes since the last sync'
              : 'QuickBooks refused change data capture for the gap';
        const live = await liveReceivables(db);
        const { applied } = await refreshReceivables(db, client, live);
        result = { ran: true, mode: 'full', reason, changes: live.length, applied };
        cursor = now;
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db.qboSyncState.upsert({
        where: { realmId },
        create: { realmId, lastError: message, lastSyncAt: now },
        update: { lastError: message, lastSyncAt: now },
      });
      throw error;
    }
    const record = { cdcCursor: cursor, lastSyncAt: now, lastSyncMode: result.mode, lastError: null };
    await db.qboSyncState.upsert({ where: { realmId }, create: { realmId, ...record }, update: record });
    return result;
  });
  return outcome ?? { ran: false, reason: 'another process is syncing' };
}
