import type { Database } from '@phone-billing/db';
import { AppError } from '../errors';
import type { TProfileInvoice } from '../shared/customer-profile';

const STATUS_OF_LEDGER_STATE: Record<string, TProfileInvoice['status']> = {
  CREATED: 'Sent',
  RESERVED: 'Sending',
  VOIDED: 'Voided',
  DELETED: 'Deleted',
  RELEASED: 'Released',
};

const calendarDay = (value: Date) => value.toISOString().slice(0, 10);

/**
 * The customer's invoices, newest period first (the statistics modal's invoice history): every
 * invoice the ledger holds for the profile, with its QuickBooks id and the job that sent it.
 */
export async function listProfileInvoices(db: Database, profileId: string): Promise<TProfileInvoice[]> {
  const profile = await db.customerProfile.findUnique({ where: { id: profileId }, select: { id: true } });
  if (!profile) throw new AppError('NOT_FOUND', 'Customer profile not found');
  const entries = await db.invoiceLedgerEntry.findMany({
    where: { profileId },
    orderBy: [{ periodStart: 'desc' }, { createdAt: 'desc' }],
  });
  const jobs = await db.billingJob.findMany({
    where: { id: { in: [...new Set(entries.map((entry) => entry.billingJobId))] } },
    select: { id: true, jobId: true, status: true },
  });
  const jobCodes = new Map(jobs.map((job) => [job.id, job.jobId]));
  const running = new Set(
    jobs.filter((job) => job.status === 'PENDING' || job.status === 'IN_PROGRESS').map((job) => job.id),
  );
  // A reservation is "Sending" only while its job runs; after that QuickBooks never created it
  // (a failed or stopped send): "Not sent", never shown as if invoiced (issue 24).
  const statusOf = (entry: { state: string; billingJobId: string }): TProfileInvoice['status'] =>
    entry.state === 'RESERVED'
      ? running.has(entry.billingJobId)
        ? 'Sending'
        : 'Not sent'
      : (STATUS_OF_LEDGER_STATE[entry.state] ?? 'Not sent');
  return entries.map((entry) => ({
    qboInvoiceId: entry.qboInvoiceId,
    docNumber: entry.docNumber,
    periodStart: calendarDay(entry.periodStart),
    periodEnd: calendarDay(entry.periodEnd),
    amount: Number(entry.amount),
    qboTotalAmount: entry.qboTotalAmount === null ? null : Number(entry.qboTotalAmount),
    qboTaxAmount: entry.qboTaxAmount === null ? null : Number(entry.qboTaxAmount),
    status: statusOf(entry),
    jobId: jobCodes.get(entry.billingJobId) ?? null,
    createdAt: entry.createdAt.toISOString(),
  }));
}
