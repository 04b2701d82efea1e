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
  };
}

type InvoiceStatus = { state: string; qboStatus: string | null };

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
    docNumber: row.docNumber,
    invoiceState: invoice?.state ?? null,
    invoiceQboStatus: invoice?.qboStatus ?? null,
    skipReason: row.skipReason,
    error: row.error,
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
  const customers = await db.billingJobCustomer.findMany({ where: { billingJobId: job.id }, orderBy: [{ customerName: 'asc' }, { id: 'asc' }] });
  // Each invoice's state and QuickBooks status, so Job Details can flag a voided one and offer its release.
  const ledgerIds = customers.map((customer) => customer.ledgerId).filter((id): id is string => id !== null);
  const invoices = ledgerIds.length
    ? new Map((await db.invoiceLedgerEntry.findMany({ where: { id: { in: ledgerIds } }, select: { id: true, state: true, qboStatus: true } })).map((entry) => [entry.id, entry]))
    : new Map<string, InvoiceStatus>();
  return { ...jobView(job), customers: customers.map((customer) => customerView(customer, customer.ledgerId ? invoices.get(customer.ledgerId) : undefined)) };
}

/** Queue names held by active profiles, each with those profiles (GET /billing/queues). */
export async function listBillingQueues(db: Database): Promise<BillingQueueView[]> {
  const profiles = await db.customerProfile.findMany({
    where: { isActive: true, archivedAt: null },
    select: { id: true, qboDisplayName: true, qboCompanyName: true, ratePerMinute: true, minimumMinutes: true, genesysQueueNames: true },
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
