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
  const entries = await db.invoiceLedgerEntry.findMany({ where: { profileId }, orderBy: [{ periodStart: 'desc' }, { createdAt: 'desc' }] });
  const jobs = await db.billingJob.findMany({ where: { id: { in: [...new Set(entries.map((entry) => entry.billingJobId))] } }, select: { id: true, jobId: true } });
  const jobCodes = new Map(jobs.map((job) => [job.id, job.jobId]));
  return entries.map((entry) => ({
    qboInvoiceId: entry.qboInvoiceId,
    docNumber: entry.docNumber,
    periodStart: calendarDay(entry.periodStart),
    periodEnd: calendarDay(entry.periodEnd),
    amount: Number(entry.amount),
    status: STATUS_OF_LEDGER_STATE[entry.state] ?? 'Sending',
    jobId: jobCodes.get(entry.billingJobId) ?? null,
    createdAt: entry.createdAt.toISOString(),
  }));
}
