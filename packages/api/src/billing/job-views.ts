/** What the billing screens and REST answers show of jobs and their customers. */
import type { Database } from '@phone-billing/db';
import { Prisma } from '@phone-billing/db';
import { calendarFromDate } from '../domain/calendar';
import { AppError } from '../errors';
import type { BillingJobCustomerView, BillingJobDetailView, BillingJobView, BillingQueueView } from '../shared/billing';

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export type JobRow = Prisma.BillingJobGetPayload<object>;
type CustomerRow = Prisma.BillingJobCustomerGetPayload<object>;

export function jobView(job: JobRow): BillingJobView {
  return {
    id: job.id,
    jobId: job.jobId,
    status: job.status,
    type: job.type,
    queueName: job.queueName,
    startDate: calendarFromDate(job.startDate),
    endDate: calendarFromDate(job.endDate),
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    completedAt: job.completedAt?.toISOString() ?? null,
    totalClients: job.totalClients,
    processedClients: job.processedClients,
    totalInvoices: job.totalInvoices,
    successfulInvoices: job.successfulInvoices,
    failedInvoices: job.failedInvoices,
    totalAmount: Number(job.totalAmount),
    error: job.error,
    holdForReview: job.holdForReview,
    awaitingReviewSince: job.awaitingReviewSince?.toISOString() ?? null,
  };
}

type InvoiceStatus = { state: string; qboStatus: string | null; docNumber: string };

function customerView(row: CustomerRow, invoice: InvoiceStatus | undefined): BillingJobCustomerView {
  return {
    id: row.id,
    profileId: row.profileId,
    customerName: row.customerName,
    status: row.status,
    periodStart: row.periodStart ? calendarFromDate(row.periodStart) : null,
    periodEnd: row.periodEnd ? calendarFromDate(row.periodEnd) : null,
    calls: row.calls,
    billedMinutes: row.billedMinutes.toFixed(4),
    amount: Number(row.amount),
    lines: Array.isArray(row.lines) ? (row.lines as BillingJobCustomerView['lines']) : [],
    queueUsage: Array.isArray(row.queueUsage) ? (row.queueUsage as BillingJobCustomerView['queueUsage']) : [],
    qboInvoiceId: row.qboInvoiceId,
    qboTotalAmount: row.qboTotalAmount === null ? null : Number(row.qboTotalAmount),
    qboTaxAmount: row.qboTaxAmount === null ? null : Number(row.qboTaxAmount),
    creditAmount: Number(row.creditAmount),
    qboCreditMemoId: row.qboCreditMemoId,
    creditDocNumber: row.creditDocNumber,
    // The number of its current reservation (the row keeps the job's number for the customer).
    docNumber: invoice?.docNumber ?? row.docNumber,
    invoiceState: invoice?.state ?? null,
    invoiceQboStatus: invoice?.qboStatus ?? null,
    skipReason: row.skipReason,
    error: row.error,
    reviewHeld: row.reviewHeld,
    reviewDecision: row.reviewDecision === 'APPROVED' || row.reviewDecision === 'REJECTED' ? row.reviewDecision : null,
    reviewedBy: row.reviewedBy,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewReason: row.reviewReason,
    flags: Array.isArray(row.reviewFlags) ? (row.reviewFlags as BillingJobCustomerView['flags']) : [],
    previous:
      row.previousPeriod && typeof row.previousPeriod === 'object' && !Array.isArray(row.previousPeriod)
        ? (row.previousPeriod as BillingJobCustomerView['previous'])
        : null,
  };
}

export async function findJob(db: Database, idOrCode: string): Promise<JobRow> {
  const job = isUuid(idOrCode)
    ? await db.billingJob.findUnique({ where: { id: idOrCode } })
    : await db.billingJob.findUnique({ where: { jobId: idOrCode.toUpperCase() } });
  if (!job) throw new AppError('NOT_FOUND', 'Billing job not found');
  return job;
}

export async function getJobDetail(db: Database, idOrCode: string): Promise<BillingJobDetailView> {
  const job = await findJob(db, idOrCode);
  const customers = await db.billingJobCustomer.findMany({
    where: { billingJobId: job.id },
    orderBy: [{ customerName: 'asc' }, { id: 'asc' }],
  });
  // Each invoice's state and QuickBooks status, so Job Details can flag a voided one and offer its release.
  const ledgerIds = customers.map((customer) => customer.ledgerId).filter((id): id is string => id !== null);
  const invoices = ledgerIds.length
    ? new Map(
        (
          await db.invoiceLedgerEntry.findMany({
            where: { id: { in: ledgerIds } },
            select: { id: true, state: true, qboStatus: true, docNumber: true },
          })
        ).map((entry) => [entry.id, entry]),
      )
    : new Map<string, InvoiceStatus>();
  const views = customers.map((customer) =>
    customerView(customer, customer.ledgerId ? invoices.get(customer.ledgerId) : undefined),
  );
  // Flagged customers first (a reviewer reads them first); otherwise by name, as listed.
  const flaggedFirst = [
    ...views.filter((view) => view.flags.length > 0),
    ...views.filter((view) => view.flags.length === 0),
  ];
  return { ...jobView(job), customers: flaggedFirst };
}

/** Queue names held by active profiles, each with those profiles (GET /billing/queues). */
export async function listBillingQueues(db: Database): Promise<BillingQueueView[]> {
  const profiles = await db.customerProfile.findMany({
    where: { isActive: true, archivedAt: null },
    select: {
      id: true,
      qboDisplayName: true,
      qboCompanyName: true,
      ratePerMinute: true,
      minimumMinutes: true,
      genesysQueueNames: true,
    },
    orderBy: { qboDisplayName: 'asc' },
  });
  const byQueue = new Map<string, BillingQueueView>();
  for (const profile of profiles) {
    for (const name of profile.genesysQueueNames) {
      const queue = byQueue.get(name) ?? { name, customers: [] };
      queue.customers.push({
        customerId: profile.id,
        qboDisplayName: profile.qboDisplayName,
        qboCompanyName: profile.qboCompanyName,
        ratePerMinute: profile.ratePerMinute.toFixed(4),
        minimumMinutes: profile.minimumMinutes,
      });
      byQueue.set(name, queue);
    }
  }
  return [...byQueue.values()].sort((a, b) => a.name.localeCompare(b.name));
}
