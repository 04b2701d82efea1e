import type { Database } from '@phone-billing/db';
import type { DashboardBillingJob } from '../shared/dashboard';

function calendarDay(value: Date): string {
  return value.toISOString().slice(0, 10);
}

/**
 * GET /dashboard/billing-jobs: the most recent jobs first (index on billing_jobs("createdAt")).
 * `totalInvoices` counts the invoices QuickBooks holds (issue 24), not attempts: a customer whose
 * send failed created none. A dry run creates no invoice, so it counts none (its customers were only rated).
 */
export async function recentBillingJobs(db: Database, limit: number): Promise<DashboardBillingJob[]> {
  const jobs = await db.billingJob.findMany({
    orderBy: [{ createdAt: 'desc' }, { jobId: 'desc' }],
    take: limit,
    select: {
      id: true,
      jobId: true,
      status: true,
      type: true,
      startDate: true,
      endDate: true,
      totalClients: true,
      successfulInvoices: true,
      totalAmount: true,
      createdAt: true,
      error: true,
    },
  });
  return jobs.map((job) => ({
    id: job.id,
    jobId: job.jobId,
    status: job.status,
    type: job.type,
    startDate: calendarDay(job.startDate),
    endDate: calendarDay(job.endDate),
    totalClients: job.totalClients,
    totalInvoices: job.type === 'DRY_RUN' ? 0 : job.successfulInvoices,
    totalAmount: job.totalAmount.toFixed(2),
    createdAt: job.createdAt.toISOString(),
    error: job.error,
  }));
}
