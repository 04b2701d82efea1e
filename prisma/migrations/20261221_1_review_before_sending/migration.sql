-- Review before sending (issue 23, DESIGN.md §4 "The invoice's life"): a real run under review rates
-- and reserves, then waits as AWAITING_REVIEW until a person approves (sent) or rejects (dropped)
-- each customer's invoice.
ALTER TYPE "BillingJobStatus" ADD VALUE IF NOT EXISTS 'AWAITING_REVIEW';

-- The setting, for all profiles and per profile (off by default: the spec's flow is unchanged).
ALTER TABLE "organization_settings" ADD COLUMN "reviewInvoicesBeforeSending" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "customer_profiles" ADD COLUMN "reviewBeforeSending" BOOLEAN NOT NULL DEFAULT false;

-- When the job began to wait for a decision (the bell and the dashboard say since when).
ALTER TABLE "billing_jobs" ADD COLUMN "holdForReview" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "awaitingReviewSince" TIMESTAMP(3);

-- Per customer: held for review or not, the decision with who and when, a rejection's reason,
-- and what the reviewer saw (flags, the previous period) as of the hold.
ALTER TABLE "billing_job_customers" ADD COLUMN "reviewHeld" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "reviewDecision" TEXT,
  ADD COLUMN "reviewedBy" TEXT,
  ADD COLUMN "reviewedAt" TIMESTAMP(3),
  ADD COLUMN "reviewReason" TEXT,
  ADD COLUMN "reviewFlags" JSONB,
  ADD COLUMN "previousPeriod" JSONB;
