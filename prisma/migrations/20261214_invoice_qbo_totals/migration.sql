-- What QuickBooks made of an invoice, beside the amount we billed: its total and the tax it
-- added (a US company with automated sales tax, or a non-US company's VAT/GST). NULL until the
-- invoice is created, and for invoices created before this was recorded.
ALTER TABLE invoice_ledger ADD COLUMN "qboTotalAmount" DECIMAL(14,2);
ALTER TABLE invoice_ledger ADD COLUMN "qboTaxAmount" DECIMAL(14,2);
ALTER TABLE billing_job_customers ADD COLUMN "qboTotalAmount" DECIMAL(14,2);
ALTER TABLE billing_job_customers ADD COLUMN "qboTaxAmount" DECIMAL(14,2);
