-- Every interaction kept, with the Genesys metrics contracts bill by (DESIGN.md §4 "Rate plans":
-- basis handleTime = talk + hold + after-call work). Seconds, summed over the agents who handled
-- the interaction, rounded up; NULL for rows stored before the columns existed.
ALTER TABLE "call_records"
  ADD COLUMN "talkSeconds" INTEGER,
  ADD COLUMN "holdSeconds" INTEGER,
  ADD COLUMN "acwSeconds" INTEGER,
  ADD COLUMN "handleSeconds" INTEGER;

-- Days pulled before this migration lack the metrics: each is pulled again the next time it is
-- asked for (store.ts pulls a day that is not complete). A re-pull never changes a billed call's
-- billing attributes (the call_records_billable trigger keeps them), so no billed amount moves.
UPDATE "call_pull_days" SET "complete" = false WHERE "complete";
