/**
 * What people read about receivables: the Invoices screen (rows, totals, CSV), one invoice with its
 * payments, a profile's open and overdue balance, the dashboard tile and its system issues.
 * OVERDUE is decided here, against today in the company timezone: an OPEN or PARTIALLY_PAID
 * invoice whose due date has passed.
 */
import { Prisma, type Database } from '@phone-billing/db';
import { calendarDateInZone } from '../domain/calendar';
import { notFound } from '../errors';
import { getOrganizationSettings } from '../settings/organization-settings';
import type {
  TDashboardReceivables,
  TInvoiceDetail,
  TInvoiceFilters,
  TInvoiceRow,
  TInvoiceTotals,
  TProfileReceivables,
} from '../shared/receivables';
import { trackCreatedInvoices } from './track-invoices';

type Row = {
  id: string;
  kind: string;
  qboId: string;
  docNumber: string;
  customerProfileId: string;
  customerName: string | null;
  billingJobId: string;
  jobId: string | null;
  periodStart: string;
  periodEnd: string;
  totalAmount: string;
  balance: string;
  dueDate: string | null;
  status: string;
  overdue: boolean;
  emailStatus: string;
  emailedAt: Date | null;
  emailedTo: string | null;
  lastSendError: string | null;
  lastPaymentOn: string | null;
  lastSyncedAt: Date | null;
  ledgerState: string;
};

const money = (value: string | number) => Math.round(Number(value) * 100) / 100;

async function today(db: Database): Promise<string> {
  return calendarDateInZone(new Date(), (await getOrganizationSettings(db)).timezone);
}

/** OVERDUE as SQL, for `r` (invoice_receivables) on day `day`. */
const overdueSql = (day: string) => Prisma.sql`(r.status IN ('OPEN', 'PARTIALLY_PAID') AND r."dueDate" < ${day}::date)`;

function whereOf(filters: TInvoiceFilters, day: string): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (filters.status === 'OVERDUE') parts.push(overdueSql(day));
  else if (filters.status === 'OPEN' || filters.status === 'PARTIALLY_PAID')
    parts.push(Prisma.sql`r.status = ${filters.status} AND NOT ${overdueSql(day)}`);
  else if (filters.status) parts.push(Prisma.sql`r.status = ${filters.status}`);
  if (filters.customerProfileId) parts.push(Prisma.sql`r."profileId" = ${filters.customerProfileId}::uuid`);
  if (filters.kind) parts.push(Prisma.sql`r.kind = ${filters.kind}`);
  if (filters.from) parts.push(Prisma.sql`l."periodEnd" >= ${filters.from}::date`);
  if (filters.to) parts.push(Prisma.sql`l."periodStart" <= ${filters.to}::date`);
  if (filters.billingJobId) parts.push(Prisma.sql`l."billingJobId" = ${filters.billingJobId}::uuid`);
  return Prisma.join(parts, ' AND ');
}

function selectRows(where: Prisma.Sql, day: string, tail: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    SELECT r."ledgerId"::text AS id, r.kind, r."qboId", l."docNumber", r."profileId"::text AS "customerProfileId",
           p."qboDisplayName" AS "customerName", l."billingJobId"::text AS "billingJobId", j."jobId",
           l."periodStart"::text AS "periodStart", l."periodEnd"::text AS "periodEnd",
           r."totalAmount"::text AS "totalAmount", r.balance::text AS balance, r."dueDate"::text AS "dueDate",
           r.status, ${overdueSql(day)} AS overdue, r."emailStatus", r."emailedAt", r."emailedTo", r."lastSendError",
           r."lastPaymentOn"::text AS "lastPaymentOn", r."lastSyncedAt", l.state AS "ledgerState"
      FROM invoice_receivables r
      JOIN invoice_ledger l ON l.id = r."ledgerId"
      LEFT JOIN customer_profiles p ON p.id = r."profileId"
      LEFT JOIN billing_jobs j ON j.id = l."billingJobId"
     WHERE ${where}
     ORDER BY l."createdAt" DESC, l."docNumber" DESC
     ${tail}`;
}

function toInvoiceRow(row: Row, invoicePageBase: string | null): TInvoiceRow {
  const status = (row.overdue ? 'OVERDUE' : row.status) as TInvoiceRow['status'];
  return {
    id: row.id,
    kind: row.kind === 'CREDIT_MEMO' ? 'CREDIT_MEMO' : 'INVOICE',
    qboId: row.qboId,
    docNumber: row.docNumber,
    customerProfileId: row.customerProfileId,
    customerName: row.customerName ?? 'Deleted profile',
    billingJobId: row.billingJobId,
    jobId: row.jobId,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    totalAmount: money(row.totalAmount),
    balance: money(row.balance),
    dueDate: row.dueDate,
    status,
    emailStatus: row.emailStatus === 'SENT' ? 'SENT' : 'NOT_SENT',
    emailedAt: row.emailedAt?.toISOString() ?? null,
    emailedTo: row.emailedTo,
    lastSendError: row.lastSendError,
    lastPaymentOn: row.lastPaymentOn,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    releasable: row.ledgerState === 'CREATED' && (row.status === 'VOIDED' || row.status === 'DELETED'),
    qboUrl: invoicePageBase && row.kind === 'INVOICE' ? `${invoicePageBase}${encodeURIComponent(row.qboId)}` : null,
  };
}

export type InvoiceList = {
  data: TInvoiceRow[];
  totals: TInvoiceTotals;
  pagination: { page: number; limit: number; total: number; pages: number };
};

/** One page of the filtered invoices, with the totals of every filtered row. */
export async function listInvoices(
  db: Database,
  filters: TInvoiceFilters & { page: number; limit: number },
  invoicePageBase: string | null,
): Promise<InvoiceList> {
  await trackCreatedInvoices(db);
  const day = await today(db);
  const where = whereOf(filters, day);
  const [totals] = await db.$queryRaw<
    Array<{ count: number; totalAmount: string | null; balance: string | null; overdue: string | null }>
  >`
    SELECT count(*)::int AS count, sum(r."totalAmount")::text AS "totalAmount", sum(r.balance)::text AS balance,
           sum(CASE WHEN ${overdueSql(day)} THEN r.balance ELSE 0 END)::text AS overdue
      FROM invoice_receivables r JOIN invoice_ledger l ON l.id = r."ledgerId" WHERE ${where}`;
  const rows = await db.$queryRaw<Row[]>(
    selectRows(where, day, Prisma.sql`LIMIT ${filters.limit} OFFSET ${(filters.page - 1) * filters.limit}`),
  );
  const total = totals?.count ?? 0;
  return {
    data: rows.map((row) => toInvoiceRow(row, invoicePageBase)),
    totals: {
      count: total,
      totalAmount: money(totals?.totalAmount ?? 0),
      balance: money(totals?.balance ?? 0),
      overdue: money(totals?.overdue ?? 0),
    },
    pagination: {
      page: filters.page,
      limit: filters.limit,
      total,
      pages: Math.max(1, Math.ceil(total / filters.limit)),
    },
  };
}

/** Every filtered invoice (the CSV export), at most 50,000. */
export async function allInvoices(
  db: Database,
  filters: TInvoiceFilters,
  invoicePageBase: string | null,
): Promise<TInvoiceRow[]> {
  await trackCreatedInvoices(db);
  const day = await today(db);
  const rows = await db.$queryRaw<Row[]>(selectRows(whereOf(filters, day), day, Prisma.sql`LIMIT 50000`));
  return rows.map((row) => toInvoiceRow(row, invoicePageBase));
}

type LedgerLine = {
  description?: string;
  quantity?: number | string | null;
  unitPrice?: number | string | null;
  amount?: number | string;
};

export async function getInvoice(db: Database, id: string, invoicePageBase: string | null): Promise<TInvoiceDetail> {
  await trackCreatedInvoices(db);
  const day = await today(db);
  const [row] = await db.$queryRaw<Row[]>(selectRows(Prisma.sql`r."ledgerId" = ${id}::uuid`, day, Prisma.empty));
  if (!row) throw notFound('Invoice');
  const payments = await db.invoicePayment.findMany({
    where: { ledgerId: id },
    orderBy: [{ paidOn: 'asc' }, { qboPaymentId: 'asc' }],
  });
  const entry = await db.invoiceLedgerEntry.findUnique({ where: { id }, select: { lines: true } });
  const lines = Array.isArray(entry?.lines) ? (entry.lines as LedgerLine[]) : [];
  const number = (value: unknown) => (value === null || value === undefined || value === '' ? null : Number(value));
  return {
    ...toInvoiceRow(row, invoicePageBase),
    payments: payments.map((payment) => ({
      qboPaymentId: payment.qboPaymentId,
      date: payment.paidOn.toISOString().slice(0, 10),
      amount: money(payment.amount.toString()),
    })),
    lines: lines.map((line) => ({
      description: String(line.description ?? ''),
      quantity: number(line.quantity),
      unitPrice: number(line.unitPrice),
      amount: money(line.amount ?? 0),
    })),
  };
}

/** A profile's open and overdue balance (invoices only) and its last payment. */
export async function profileReceivables(db: Database, profileId: string): Promise<TProfileReceivables> {
  await trackCreatedInvoices(db);
  const day = await today(db);
  const [sums] = await db.$queryRaw<Array<{ open: string | null; overdue: string | null; openInvoices: number }>>`
    SELECT sum(r.balance)::text AS open, sum(CASE WHEN ${overdueSql(day)} THEN r.balance ELSE 0 END)::text AS overdue,
           count(*)::int AS "openInvoices"
      FROM invoice_receivables r
     WHERE r."profileId" = ${profileId}::uuid AND r.kind = 'INVOICE' AND r.status IN ('OPEN', 'PARTIALLY_PAID')`;
  const [last] = await db.$queryRaw<Array<{ paidOn: string; amount: string }>>`
    SELECT pay."paidOn"::text AS "paidOn", sum(pay.amount)::text AS amount
      FROM invoice_payments pay JOIN invoice_receivables r ON r."ledgerId" = pay."ledgerId"
     WHERE r."profileId" = ${profileId}::uuid
     GROUP BY pay."paidOn" ORDER BY pay."paidOn" DESC LIMIT 1`;
  return {
    openBalance: money(sums?.open ?? 0),
    overdueAmount: money(sums?.overdue ?? 0),
    openInvoices: sums?.openInvoices ?? 0,
    lastPaymentAt: last?.paidOn ?? null,
    lastPaymentAmount: last ? money(last.amount) : null,
  };
}

/** The dashboard tile: open and overdue balance, and what was collected this month (company timezone). */
export async function dashboardReceivables(db: Database): Promise<TDashboardReceivables> {
  await trackCreatedInvoices(db);
  const settings = await getOrganizationSettings(db);
  const day = calendarDateInZone(new Date(), settings.timezone);
  const [sums] = await db.$queryRaw<
    Array<{ open: string | null; overdue: string | null; openInvoices: number; overdueInvoices: number }>
  >`
    SELECT sum(r.balance)::text AS open, sum(CASE WHEN ${overdueSql(day)} THEN r.balance ELSE 0 END)::text AS overdue,
           count(*)::int AS "openInvoices", count(*) FILTER (WHERE ${overdueSql(day)})::int AS "overdueInvoices"
      FROM invoice_receivables r WHERE r.kind = 'INVOICE' AND r.status IN ('OPEN', 'PARTIALLY_PAID')`;
  const [collected] = await db.$queryRaw<Array<{ amount: string | null }>>`
    SELECT sum(amount)::text AS amount FROM invoice_payments
     WHERE "paidOn" >= ${`${day.slice(0, 7)}-01`}::date AND "paidOn" <= ${day}::date`;
  return {
    open: money(sums?.open ?? 0),
    overdue: money(sums?.overdue ?? 0),
    openInvoices: sums?.openInvoices ?? 0,
    overdueInvoices: sums?.overdueInvoices ?? 0,
    collectedThisMonth: money(collected?.amount ?? 0),
    currency: settings.currency,
  };
}

/**
 * The dashboard's system issues about following invoices: webhook deliveries refused for their
 * signature in the last hour, no webhook event for 24 hours while invoices are open, and a change
 * data capture that is behind (no good pass for three sync intervals) or failing.
 */
export async function receivablesIssues(
  db: Database,
  options: { qboConnected: boolean; syncIntervalSeconds: number },
): Promise<string[]> {
  if (!options.qboConnected) return [];
  const issues: string[] = [];
  const now = Date.now();
  const rejected = await db.qboWebhookRejection.count({ where: { receivedAt: { gte: new Date(now - 3_600_000) } } });
  if (rejected > 0) {
    issues.push(
      `${rejected} QuickBooks webhook ${rejected === 1 ? 'delivery was' : 'deliveries were'} refused in the last hour for a missing or wrong intuit-signature: check QBO_WEBHOOK_VERIFIER_TOKEN against the verifier token Intuit shows for the app.`,
    );
  }
  const open = await db.invoiceReceivable.count({
    where: { kind: 'INVOICE', status: { in: ['OPEN', 'PARTIALLY_PAID'] } },
  });
  const lastEvent = await db.qboWebhookEvent.findFirst({
    orderBy: { receivedAt: 'desc' },
    select: { receivedAt: true },
  });
  if (open > 0 && (!lastEvent || lastEvent.receivedAt.getTime() < now - 86_400_000)) {
    issues.push(
      `No QuickBooks webhook event has arrived for 24 hours while ${open} ${open === 1 ? 'invoice is' : 'invoices are'} open: check the webhook URL registered with Intuit (…/api/v1/webhooks/quickbooks). Payments still arrive through the sync, only later.`,
    );
  }
  const sync = await db.qboSyncState.findFirst({ orderBy: { updatedAt: 'desc' } });
  const behindMs = 3 * options.syncIntervalSeconds * 1000 + 60_000;
  if (sync?.lastError)
    issues.push(
      `The QuickBooks invoice sync is failing (${sync.lastError}): statuses and balances may be out of date.`,
    );
  else if (sync?.lastSyncAt && sync.lastSyncAt.getTime() < now - behindMs) {
    issues.push(
      `The QuickBooks invoice sync is behind: its last pass was at ${sync.lastSyncAt.toISOString()}. Statuses and balances may be out of date; check that a server or worker is running.`,
    );
  }
  return issues;
}
