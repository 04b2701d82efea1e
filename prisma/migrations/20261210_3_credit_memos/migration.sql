-- Credits (DESIGN.md §4): when a period's live invoices bill more than amount(U) of its live calls,
-- the customer's next run issues a QuickBooks credit memo for the difference. It is kept in the
-- ledger like an invoice (kind CREDIT, reserved before it is sent, its period lines negative), so a
-- customer of a job may now hold an invoice (or settlement) and a credit memo.

DROP INDEX IF EXISTS "invoice_ledger_live_job_customer_key";
CREATE UNIQUE INDEX "invoice_ledger_live_job_customer_kind_key" ON "invoice_ledger" ("billingJobCustomerId", "kind")
  WHERE "state" <> 'RELEASED' AND "billingJobCustomerId" IS NOT NULL;

ALTER TABLE "billing_job_customers"
  -- The credit memo of this customer in this job (its invoice, when it has one too, is "ledgerId").
  ADD COLUMN "creditLedgerId" UUID,
  ADD COLUMN "creditAmount" DECIMAL(14,2) NOT NULL DEFAULT 0,
  ADD COLUMN "qboCreditMemoId" TEXT,
  ADD COLUMN "creditDocNumber" TEXT;
