-- Terms are fixed by what QuickBooks holds (DESIGN.md §4): each invoice's period line keeps the
-- terms it was rated under, and a period's terms are those of its earliest remaining line. A
-- reservation that ends without an invoice is deleted with its lines; a period left without lines
-- then goes too (ledger-drops.ts), so the next run rates it with the profile's terms of that moment.
-- The period row keeps a copy of its terms (its earliest line's), as before.

ALTER TABLE "invoice_period_lines"
  ADD COLUMN "ratePerMinute" DECIMAL(12,4),
  ADD COLUMN "minimumMinutes" INTEGER,
  ADD COLUMN "overageRatePerMinute" DECIMAL(12,4);

-- Every existing line was rated under its period's terms.
UPDATE "invoice_period_lines" pl
SET "ratePerMinute" = bp."ratePerMinute", "minimumMinutes" = bp."minimumMinutes", "overageRatePerMinute" = bp."overageRatePerMinute"
FROM "billing_periods" bp WHERE bp."id" = pl."periodId";

ALTER TABLE "invoice_period_lines"
  ALTER COLUMN "ratePerMinute" SET NOT NULL,
  ALTER COLUMN "minimumMinutes" SET NOT NULL,
  ALTER COLUMN "overageRatePerMinute" SET NOT NULL;

-- Periods whose every reservation was dropped before this change (nothing billed them): forgotten.
DELETE FROM "billing_periods" bp WHERE NOT EXISTS (SELECT 1 FROM "invoice_period_lines" pl WHERE pl."periodId" = bp."id");
