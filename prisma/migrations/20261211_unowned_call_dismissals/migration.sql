-- Nothing silently unbilled (DESIGN.md §4): billable calls on a queue no active profile holds, or
-- before their holder's billing start date, are "unowned calls", shown until a person assigns the
-- queue or dismisses them. A dismissal covers the calls of its queue seen so far: those whose
-- billable sequence number (migration 20261126_billing_claims) is at most "throughSeq", so calls that
-- become billable later show up again.
CREATE TABLE "unowned_call_dismissals" (
  "id" UUID NOT NULL,
  "queueId" TEXT NOT NULL,
  "queueName" TEXT NOT NULL,
  "throughSeq" BIGINT NOT NULL,
  "calls" INTEGER NOT NULL,
  "billedSeconds" BIGINT NOT NULL,
  "dismissedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "dismissedById" UUID,
  "dismissedByEmail" TEXT,
  CONSTRAINT "unowned_call_dismissals_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "unowned_call_dismissals_queueId_throughSeq_idx" ON "unowned_call_dismissals" ("queueId", "throughSeq");
