import { randomUUID } from 'node:crypto';
import { Prisma, type Database } from '@phone-billing/db';
import { QboApiError, QboAuthError, type QboClient, type QboInvoice, type QboItem } from '@phone-billing/integrations/qbo';
import type { AppServices } from '../services';
import { calendarDateInZone } from '../domain/calendar';
import { rateUsage, usageMinutes, type InvoiceLine } from '../domain/rating';
import { notify } from '../notifications';
import { getOrganizationSettings } from '../settings/organization-settings';
import { buildInvoice, SERVICE_ITEM_NAME, type InvoiceQueueUsage } from './invoice';
import { calendarFromDate } from './jobs';
import { createRateWindow, createSemaphore, type RateWindow, type Semaphore } from './semaphore';
import { aggregateUsage } from './usage';

export type RunnerOptions = {
  /** Invoices in flight at once for this job (QuickBooks allows 10 requests at once per company). */
  concurrency?: number;
  /** A job whose heartbeat is older than this is taken over (its worker died). */
  staleSeconds?: number;
  heartbeatMs?: number;
};

/** One process never has more than 10 QuickBooks invoice requests in flight, whatever the jobs. */
const processQboSlots: Semaphore = createSemaphore(10);
/** ...and never more than 490 in any 61 s (QuickBooks: 500 a minute; a little room for other calls). */
const processQboPace: RateWindow = createRateWindow(490, 61_000);

export const NOT_CONNECTED_MESSAGE = 'QuickBooks is not connected';
const NO_MAPPING_MESSAGE = 'This customer has no QuickBooks customer id: connect the profile to a QuickBooks customer';

type Outcome = 'done' | 'busy' | 'missing';

/** What billing needs of a profile; rates as decimal text. */
type BillingProfile = {
  id: string;
  isActive: boolean;
  qboCustomerId: string | null;
  ratePerMinute: string;
  minimumMinutes: number;
  overageRatePerMinute: string;
  taxCode: string | null;
};
type BillingProfileRow = BillingProfile & { profileRowId: string | null };

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/** Postgres refused the row because its period overlaps another entry of the profile (23P01). */
function isExclusionViolation(error: unknown): boolean {
  const text = `${messageOf(error)} ${JSON.stringify((error as { meta?: unknown })?.meta ?? '')}`;
  return text.includes('23P01') || text.includes('invoice_ledger_no_overlap') || text.includes('exclusion constraint');
}

function isUniqueViolation(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return true;
  const text = messageOf(error);
  return text.includes('23505');
}

/**
 * Takes the job if it is PENDING, or IN_PROGRESS with a stale heartbeat (its worker died);
 * false when another worker is running it or it has ended.
 */
async function claimJob(db: Database, billingJobId: string, staleSeconds: number): Promise<boolean> {
  const staleBefore = new Date(Date.now() - staleSeconds * 1000);
  const now = new Date();
  const claimed = await db.billingJob.updateMany({
    where: {
      id: billingJobId,
      OR: [{ status: 'PENDING' }, { status: 'IN_PROGRESS', OR: [{ heartbeatAt: null }, { heartbeatAt: { lt: staleBefore } }] }],
    },
    data: { status: 'IN_PROGRESS', heartbeatAt: now },
  });
  if (claimed.count === 0) return false;
  await db.billingJob.updateMany({ where: { id: billingJobId, startedAt: null }, data: { startedAt: now } });
  return true;
}

/** Recomputes the job's counters from its customer rows (and beats the heart). */
export async function refreshJobCounts(db: Database, billingJobId: string): Promise<void> {
  await db.$executeRaw`
    UPDATE billing_jobs j SET
      "processedClients" = s.processed,
      "successfulInvoices" = s.ok,
      "failedInvoices" = s.failed,
      "totalInvoices" = s.ok + s.failed,
      "totalAmount" = s.amount,
      "heartbeatAt" = CASE WHEN j.status = 'IN_PROGRESS' THEN now() ELSE j."heartbeatAt" END
    FROM (
      SELECT count(*) FILTER (WHERE status <> 'PENDING')::int AS processed,
             count(*) FILTER (WHERE status IN ('INVOICED', 'RATED'))::int AS ok,
             count(*) FILTER (WHERE status = 'FAILED')::int AS failed,
             COALESCE(sum(amount) FILTER (WHERE status IN ('INVOICED', 'RATED')), 0) AS amount
      FROM billing_job_customers WHERE "billingJobId" = ${billingJobId}::uuid
    ) s
    WHERE j.id = ${billingJobId}::uuid`;
}

type Rated = {
  customerId: string;
  profileId: string;
  status: 'PENDING' | 'RATED' | 'SKIPPED';
  skipReason: string | null;
  calls: number;
  billedMinutes: string;
  amount: string;
  lines: InvoiceLine[];
  queueUsage: InvoiceQueueUsage[];
};

/** Writes every customer's rating in one statement. */
async function writeRatings(db: Database, ratings: Rated[]): Promise<void> {
  for (let offset = 0; offset < ratings.length; offset += 2000) {
    const chunk = ratings.slice(offset, offset + 2000).map((rating) => ({
      id: rating.customerId,
      status: rating.status,
      skipReason: rating.skipReason,
      calls: rating.calls,
      billedMinutes: rating.billedMinutes,
      amount: rating.amount,
      lines: rating.lines,
      queueUsage: rating.queueUsage,
    }));
    await db.$executeRaw`
      UPDATE billing_job_customers c SET
        status = v.status::"BillingCustomerStatus",
        "skipReason" = v."skipReason",
        calls = v.calls,
        "billedMinutes" = v."billedMinutes"::numeric,
        amount = v.amount::numeric,
        lines = v.lines,
        "queueUsage" = v."queueUsage",
        "updatedAt" = now()
      FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
        AS v(id uuid, status text, "skipReason" text, calls int, "billedMinutes" text, amount text, lines jsonb, "queueUsage" jsonb)
      WHERE c.id = v.id AND c.status = 'PENDING'`;
  }
}

type JobState = { status: string; killSwitch: boolean; killReason: string | null };

async function jobState(db: Database, billingJobId: string): Promise<JobState> {
  const rows = await db.$queryRaw<Array<{ status: string; killSwitch: boolean | null; killReason: string | null }>>`
    SELECT j.status::text AS status, s."killSwitchEnabled" AS "killSwitch", s."killSwitchReason" AS "killReason"
    FROM billing_jobs j LEFT JOIN organization_settings s ON s.id = 1
    WHERE j.id = ${billingJobId}::uuid`;
  const row = rows[0];
  return { status: row?.status ?? 'MISSING', killSwitch: Boolean(row?.killSwitch), killReason: row?.killReason ?? null };
}

/**
 * Runs (or resumes) one billing job: rates every pending customer from the stored calls, then,
 * unless it is a dry run, invoices each one alone in QuickBooks, up to `concurrency` at a time,
 * never invoicing a day of a profile twice (see invoiceCustomer). Status, counters and
 * per-customer results are written as it goes.
 */
export async function runBillingJob(services: AppServices, billingJobId: string, options: RunnerOptions = {}): Promise<Outcome> {
  const { db, logger } = services;
  const staleSeconds = options.staleSeconds ?? 90;
  const heartbeatMs = options.heartbeatMs ?? Math.max(1000, Math.min(15_000, (staleSeconds * 1000) / 4));
  const exists = await db.billingJob.findUnique({ where: { id: billingJobId }, select: { id: true } });
  if (!exists) return 'missing';
  if (!(await claimJob(db, billingJobId, staleSeconds))) return 'busy';

  const heartbeat = setInterval(() => {
    db.billingJob
      .updateMany({ where: { id: billingJobId, status: 'IN_PROGRESS' }, data: { heartbeatAt: new Date() } })
      .catch((error: unknown) => logger.warn({ err: error }, 'billing heartbeat failed'));
  }, heartbeatMs);
  heartbeat.unref?.();
  try {
    await processJob(services, billingJobId, options);
  } catch (error) {
    logger.error({ err: error, billingJobId }, 'billing job failed');
    const message = `The job could not proceed: ${messageOf(error)}`;
    const failed = await db.billingJob.updateMany({
      where: { id: billingJobId, status: 'IN_PROGRESS' },
      data: { status: 'FAILED', error: message.slice(0, 2000), completedAt: new Date() },
    });
    await refreshJobCounts(db, billingJobId).catch(() => undefined);
    if (failed.count) await notifyFailure(db, billingJobId, message);
  } finally {
    clearInterval(heartbeat);
  }
  return 'done';
}

async function notifyFailure(db: Database, billingJobId: string, message: string): Promise<void> {
  const job = await db.billingJob.findUnique({ where: { id: billingJobId }, select: { jobId: true } });
  await notify(db, { kind: 'billing-failure', message: `Billing job ${job?.jobId ?? billingJobId} failed: ${message}`.slice(0, 500), link: '/billing-jobs' });
}

async function processJob(services: AppServices, billingJobId: string, options: RunnerOptions): Promise<void> {
  const { db } = services;
  const [job, settings] = await Promise.all([db.billingJob.findUniqueOrThrow({ where: { id: billingJobId } }), getOrganizationSettings(db)]);
  const start = calendarFromDate(job.startDate);
  const end = calendarFromDate(job.endDate);
  const isDryRun = job.type === 'DRY_RUN';

  const t0 = performance.now();
  const mark = (step: string) => services.logger.debug({ billingJobId, step, ms: Math.round(performance.now() - t0) }, 'billing job step');
  const hasPending = await db.billingJobCustomer.findFirst({ where: { billingJobId, status: 'PENDING' }, select: { id: true } });

  if (hasPending) {
    // Usage comes from the stored calls: pull what is missing first.
    await services.integrations.genesys?.ensureCallRecords({ startDate: start, endDate: end });
    mark('pulled');
    // The pending customers with their profiles, then their usage (one statement each; the
    // usage scan runs in parallel inside PostgreSQL, so nothing else competes with it).
    const pending = await db.$queryRaw<Array<{ id: string; profileId: string | null } & Partial<BillingProfileRow>>>`
        SELECT c.id::text AS id, c."profileId"::text AS "profileId", p.id::text AS "profileRowId", p."isActive", p."qboCustomerId",
               p."ratePerMinute"::text AS "ratePerMinute", p."minimumMinutes", p."overageRatePerMinute"::text AS "overageRatePerMinute", p."taxCode"
        FROM billing_job_customers c LEFT JOIN customer_profiles p ON p.id = c."profileId"
        WHERE c."billingJobId" = ${billingJobId}::uuid AND c.status = 'PENDING'
        ORDER BY c."customerName", c.id`;
    // By explicit ids: the planner knows how many (a subquery on this job's fresh rows would be
    // estimated from stale statistics and planned badly).
    const profileIds = [...new Set(pending.map((row) => row.profileRowId).filter((id): id is string => Boolean(id)))];
    const usage = await aggregateUsage(db, { profileIds, start, end, timeZone: settings.timezone, incrementSeconds: settings.billingIncrementSeconds });
    const profiles = new Map<string, BillingProfile>();
    for (const row of pending) {
      if (!row.profileRowId) continue;
      profiles.set(row.profileRowId, {
        id: row.profileRowId,
        isActive: Boolean(row.isActive),
        qboCustomerId: row.qboCustomerId ?? null,
        ratePerMinute: row.ratePerMinute ?? '0',
        minimumMinutes: row.minimumMinutes ?? 0,
        overageRatePerMinute: row.overageRatePerMinute ?? '0',
        taxCode: row.taxCode ?? null,
      });
    }
    mark('aggregated');
    const ratings: Rated[] = pending.map((customer) => {
      const profile = customer.profileId ? profiles.get(customer.profileId) : undefined;
      const base = { customerId: customer.id, profileId: customer.profileId ?? '', calls: 0, billedMinutes: '0.0000', amount: '0.00', lines: [], queueUsage: [] };
      if (!profile) return { ...base, status: 'SKIPPED' as const, skipReason: 'The customer profile no longer exists' };
      if (!profile.isActive) return { ...base, status: 'SKIPPED' as const, skipReason: 'The customer profile is inactive' };
      const used = usage.get(profile.id);
      const rating = rateUsage({
        billedSeconds: used?.billedSeconds ?? 0,
        ratePerMinute: profile.ratePerMinute,
        minimumMinutes: profile.minimumMinutes,
        overageRatePerMinute: profile.overageRatePerMinute,
        taxCode: profile.taxCode,
      });
      const rated = {
        ...base,
        calls: used?.calls ?? 0,
        billedMinutes: rating.usageMinutes,
        amount: rating.total,
        lines: rating.lines,
        queueUsage: (used?.queues ?? []).map((queue) => ({ queueName: queue.queueName, calls: queue.calls, billedMinutes: usageMinutes(queue.billedSeconds) })),
      };
      if (!rating.shouldInvoice) return { ...rated, status: 'SKIPPED' as const, skipReason: 'No usage and no minimum commitment: nothing to invoice' };
      return { ...rated, status: isDryRun ? ('RATED' as const) : ('PENDING' as const), skipReason: null };
    });
    mark('rated');
    await writeRatings(db, ratings);
    mark('written');
    await refreshJobCounts(db, billingJobId);

    if (!isDryRun) {
      const toInvoice = ratings.filter((rating) => rating.status === 'PENDING');
      const stop = await invoiceAll(services, job, toInvoice, profiles, settings.timezone, options.concurrency ?? 10);
      if (stop) {
        await refreshJobCounts(db, billingJobId);
        if (stop.reason === 'kill-switch') {
          const message = `Stopped by the kill switch before the next invoice${stop.detail ? ` (${stop.detail})` : ''}; retry when billing is resumed`;
          const failed = await db.billingJob.updateMany({ where: { id: billingJobId, status: 'IN_PROGRESS' }, data: { status: 'FAILED', error: message, completedAt: new Date() } });
          if (failed.count) await notifyFailure(db, billingJobId, message);
        }
        return;
      }
    }
  }

  await refreshJobCounts(db, billingJobId);
  const counts = await db.billingJobCustomer.groupBy({ by: ['status'], where: { billingJobId }, _count: { _all: true } });
  const count = (status: string) => counts.find((row) => row.status === status)?._count._all ?? 0;
  const failedCount = count('FAILED');
  const leftPending = count('PENDING');
  let error: string | null = null;
  if (failedCount > 0) {
    const first = await db.billingJobCustomer.findFirst({ where: { billingJobId, status: 'FAILED' }, orderBy: { customerName: 'asc' } });
    error = `${failedCount} customer${failedCount === 1 ? '' : 's'} failed${first ? ` (${first.customerName}: ${first.error ?? 'unknown error'})` : ''}`;
  } else if (leftPending > 0) {
    error = `${leftPending} customer${leftPending === 1 ? ' was' : 's were'} not processed`;
  }
  mark('counted');
  const finished = await db.billingJob.updateMany({
    where: { id: billingJobId, status: 'IN_PROGRESS' },
    data: { status: error ? 'FAILED' : 'COMPLETED', error: error?.slice(0, 2000) ?? null, completedAt: new Date() },
  });
  if (finished.count && error) await notifyFailure(db, billingJobId, error);
}

type StopSignal = { reason: 'cancelled' | 'kill-switch' | 'lost'; detail?: string | null } | null;

async function invoiceAll(
  services: AppServices,
  job: { id: string; jobId: string },
  ratings: Rated[],
  profiles: Map<string, BillingProfile>,
  timeZone: string,
  concurrency: number,
): Promise<StopSignal> {
  const { db } = services;
  if (ratings.length === 0) return null;
  let client: QboClient | null = null;
  let clientError: string | null = null;
  try {
    client = (await services.integrations.qbo?.getClient()) ?? null;
    if (!client) clientError = NOT_CONNECTED_MESSAGE;
  } catch (error) {
    clientError = `${NOT_CONNECTED_MESSAGE}: ${messageOf(error)}`;
  }
  let itemPromise: Promise<QboItem> | null = null;
  const item = () => {
    // Looking the item up (and creating it once) costs up to three requests.
    itemPromise ??= Promise.all([processQboPace.take(), processQboPace.take(), processQboPace.take()]).then(() => client!.ensureServiceItem(SERVICE_ITEM_NAME));
    itemPromise.catch(() => {
      itemPromise = null;
    });
    return itemPromise;
  };
  const customers = new Map(
    (await db.billingJobCustomer.findMany({ where: { id: { in: ratings.map((rating) => rating.customerId) } } })).map((row) => [row.id, row] as const),
  );

  let stop: StopSignal = null;
  let next = 0;
  const txnDate = calendarDateInZone(new Date(), timeZone);
  const workerCount = Math.max(1, Math.min(concurrency, 10, ratings.length));
  await Promise.all(
    Array.from({ length: workerCount }, async () => {
      while (!stop) {
        const rating = ratings[next];
        next += 1;
        if (!rating) return;
        // Cancel and the kill switch stop the job before its next invoice.
        const state = await jobState(db, job.id);
        if (state.status === 'CANCELLED') stop = { reason: 'cancelled' };
        else if (state.status !== 'IN_PROGRESS') stop = { reason: 'lost' };
        else if (state.killSwitch) stop = { reason: 'kill-switch', detail: state.killReason };
        if (stop) return;
        const customer = customers.get(rating.customerId);
        const profile = profiles.get(rating.profileId);
        if (!customer || !profile) continue;
        await invoiceCustomer({ db, job, customer, profile, rating, client, clientError, item, txnDate });
        await refreshJobCounts(db, job.id);
      }
    }),
  );
  return stop;
}

type InvoiceContext = {
  db: Database;
  job: { id: string; jobId: string };
  customer: Prisma.BillingJobCustomerGetPayload<object>;
  profile: BillingProfile;
  rating: Rated;
  client: QboClient | null;
  clientError: string | null;
  item: () => Promise<QboItem>;
  txnDate: string;
  /** Set on the second attempt after an abandoned reservation was cleared. */
  reclaimed?: boolean;
};

/** A RESERVED entry untouched this long, of a job no longer running, has no request in flight. */
const ABANDONED_AFTER_MS = 15 * 60_000;

/**
 * A reservation left RESERVED by a job that ended (cancelled, or failed with an unknown outcome)
 * would block its days for ever. When its job is no longer running and it is old enough that no
 * request of it can still be in flight, QuickBooks is asked for its DocNumber: found → the entry
 * becomes CREATED (and the customer stays skipped, naming it); confirmed absent → the entry is
 * removed and true is returned so the caller reserves again.
 */
async function reclaimAbandonedReservation(context: InvoiceContext, entry: Prisma.InvoiceLedgerEntryGetPayload<object>): Promise<boolean> {
  const { db, client } = context;
  if (!client || entry.state !== 'RESERVED' || Date.now() - entry.updatedAt.getTime() < ABANDONED_AFTER_MS) return false;
  const owner = await db.billingJob.findUnique({ where: { id: entry.billingJobId }, select: { status: true } });
  if (owner && (owner.status === 'PENDING' || owner.status === 'IN_PROGRESS')) return false;
  await processQboPace.take();
  const existing = await client.findInvoiceByDocNumber(entry.docNumber).catch(() => undefined);
  if (existing === undefined) return false; // could not tell: leave it
  if (existing) {
    await db.$transaction([
      db.invoiceLedgerEntry.update({ where: { id: entry.id }, data: { state: 'CREATED', qboInvoiceId: existing.Id } }),
      db.billingJobCustomer.updateMany({ where: { billingJobId: entry.billingJobId, profileId: entry.profileId }, data: { status: 'INVOICED', qboInvoiceId: existing.Id, error: null } }),
    ]);
    entry.qboInvoiceId = existing.Id;
    return false;
  }
  const removed = await db.$executeRaw`
    DELETE FROM invoice_ledger l
    WHERE l.id = ${entry.id}::uuid AND l.state = 'RESERVED'
      AND NOT EXISTS (SELECT 1 FROM billing_jobs j WHERE j.id = l."billingJobId" AND j.status IN ('PENDING', 'IN_PROGRESS'))`;
  return removed > 0;
}

async function markCustomer(db: Database, customerId: string, data: Prisma.BillingJobCustomerUpdateInput): Promise<void> {
  await db.billingJobCustomer.update({ where: { id: customerId }, data });
}

/**
 * Invoices one customer exactly once. A ledger entry for the profile and period is reserved
 * BEFORE QuickBooks is asked; the database refuses an entry overlapping any other of the profile
 * (the customer is then skipped, naming that invoice). The request carries the entry's requestid
 * and DocNumber; after an unknown outcome (no answer, 5xx after retries, a crash) the DocNumber
 * is looked up before anything is sent again. A retried or resumed job reuses its own entry.
 */
async function invoiceCustomer(context: InvoiceContext): Promise<void> {
  const { db, job, customer, profile, rating, client } = context;
  const fail = (message: string) => markCustomer(db, customer.id, { status: 'FAILED', error: message.slice(0, 2000) });
  if (!profile.qboCustomerId?.trim()) return fail(NO_MAPPING_MESSAGE);
  if (!client) return fail(context.clientError ?? NOT_CONNECTED_MESSAGE);
  if (!customer.docNumber || !customer.periodStart || !customer.periodEnd) return fail('The job has no document number for this customer');

  let entry = await db.invoiceLedgerEntry.findFirst({ where: { billingJobId: job.id, profileId: profile.id } });
  let resumed = entry !== null;
  if (!entry) {
    try {
      entry = await db.invoiceLedgerEntry.create({
        data: {
          profileId: profile.id,
          periodStart: customer.periodStart,
          periodEnd: customer.periodEnd,
          billingJobId: job.id,
          docNumber: customer.docNumber,
          requestId: randomUUID(),
          amount: rating.amount,
          state: 'RESERVED',
        },
      });
    } catch (error) {
      if (!isExclusionViolation(error) && !isUniqueViolation(error)) throw error;
      const overlapping = await db.invoiceLedgerEntry.findFirst({
        where: { profileId: profile.id, periodStart: { lte: customer.periodEnd }, periodEnd: { gte: customer.periodStart } },
        orderBy: { periodStart: 'asc' },
      });
      if (overlapping && overlapping.billingJobId === job.id) {
        // Another worker of this same job got there first: carry on with its entry.
        entry = overlapping;
        resumed = true;
      } else if (overlapping && !context.reclaimed && (await reclaimAbandonedReservation(context, overlapping))) {
        // An abandoned reservation that QuickBooks never turned into an invoice: the days are free.
        return invoiceCustomer({ ...context, reclaimed: true });
      } else {
        const invoice = overlapping
          ? `invoice ${overlapping.docNumber}${overlapping.qboInvoiceId ? ` (QuickBooks id ${overlapping.qboInvoiceId})` : ''} for ${calendarFromDate(overlapping.periodStart)} to ${calendarFromDate(overlapping.periodEnd)}`
          : 'an invoiced period';
        await markCustomer(db, customer.id, { status: 'SKIPPED', skipReason: `Already invoiced: the period overlaps ${invoice}` });
        return;
      }
    }
  }
  if (entry.state === 'CREATED') {
    await markCustomer(db, customer.id, { status: 'INVOICED', qboInvoiceId: entry.qboInvoiceId, error: null, amount: entry.amount });
    return;
  }

  const created = async (invoice: QboInvoice) => {
    await db.$transaction([
      db.invoiceLedgerEntry.update({ where: { id: entry!.id }, data: { state: 'CREATED', qboInvoiceId: invoice.Id, amount: invoice.TotalAmt ?? rating.amount } }),
      db.billingJobCustomer.update({ where: { id: customer.id }, data: { status: 'INVOICED', qboInvoiceId: invoice.Id, error: null } }),
    ]);
  };

  const release = await processQboSlots.acquire();
  try {
    if (resumed) {
      await processQboPace.take();
      const existing = await client.findInvoiceByDocNumber(entry.docNumber);
      if (existing) return await created(existing);
    }
    const item = await context.item();
    const body = buildInvoice({
      qboCustomerId: profile.qboCustomerId.trim(),
      docNumber: entry.docNumber,
      txnDate: context.txnDate,
      periodStart: calendarFromDate(customer.periodStart),
      periodEnd: calendarFromDate(customer.periodEnd),
      jobCode: job.jobId,
      lines: rating.lines,
      item,
      queueUsage: rating.queueUsage,
    });
    await processQboPace.take();
    const invoice = await client.createInvoice(body, { requestId: entry.requestId });
    await created(invoice);
  } catch (error) {
    const message = messageOf(error);
    if (error instanceof QboApiError && error.code === '6140') {
      // Duplicate DocNumber: our invoice exists already.
      await processQboPace.take();
      const existing = await client.findInvoiceByDocNumber(entry.docNumber).catch(() => null);
      if (existing) return await created(existing);
    }
    const definitive =
      (error instanceof QboApiError && error.status >= 400 && error.status < 500 && error.status !== 429 && error.status !== 408) ||
      error instanceof QboAuthError;
    if (definitive) {
      // QuickBooks refused it: nothing was created, so the days are free again.
      await db.invoiceLedgerEntry.deleteMany({ where: { id: entry.id, state: 'RESERVED' } });
      return fail(`QuickBooks refused the invoice: ${message}`);
    }
    await processQboPace.take();
    const existing = await client.findInvoiceByDocNumber(entry.docNumber).catch(() => null);
    if (existing) return await created(existing);
    return fail(`QuickBooks did not confirm the invoice (${message}); Retry checks QuickBooks for it before sending again`);
  } finally {
    release();
  }
}
