// Billing job states, types, their labels and what each allows: plain values, no zod, so screens
// that only show a job's state do not download the schema library (issue 14).

/** Billing job states and types as stored (DESIGN.md §4, Billing jobs). */
export const BILLING_JOB_STATUSES = [
  'PENDING',
  'IN_PROGRESS',
  'AWAITING_REVIEW',
  'COMPLETED',
  'FAILED',
  'CANCELLED',
] as const;
export type BillingJobStatus = (typeof BILLING_JOB_STATUSES)[number];
export const BILLING_JOB_TYPES = ['MONTHLY', 'MANUAL', 'DRY_RUN'] as const;
export type BillingJobType = (typeof BILLING_JOB_TYPES)[number];

/** Labels shown for each status (spec 000 §4). */
export const billingJobStatusLabels: Record<BillingJobStatus, string> = {
  PENDING: 'Pending',
  IN_PROGRESS: 'In Progress',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
  AWAITING_REVIEW: 'Awaiting Review',
};

export const billingJobTypeLabels: Record<BillingJobType, string> = {
  MONTHLY: 'Monthly',
  MANUAL: 'Manual',
  DRY_RUN: 'Dry Run',
};

/** Retry only when FAILED; cancel when PENDING, IN_PROGRESS (spec 000 §4) or AWAITING_REVIEW (DESIGN.md §4). */
export const canRetryJob = (status: string): boolean => status === 'FAILED';
export const canCancelJob = (status: string): boolean =>
  status === 'PENDING' || status === 'IN_PROGRESS' || status === 'AWAITING_REVIEW';
/** Approve and reject only while the job waits for review. */
export const canReviewJob = (status: string): boolean => status === 'AWAITING_REVIEW';
export const isJobRunning = (status: string): boolean => status === 'PENDING' || status === 'IN_PROGRESS';
