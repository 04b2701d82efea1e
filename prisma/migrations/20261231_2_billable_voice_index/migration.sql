-- Rating a profile billed by the spec's three fields counts only its voice calls inside its boxes
-- (rating-queries.ts countCallsInBoxes): their number and billed seconds. Since every interaction
-- became billable (migration 20261223_2) the billable-calls index also holds other media and what
-- rate plans match on (direction, talk, hold and ACW seconds), 2.7 times the size it had, and the
-- count read it all: a dry run of 1,000,000 calls went from 1.35 to 1.83 times the plain SQL limit
-- (docs/benchmarks.md). This index holds just what that count reads, for billable voice calls only.
CREATE INDEX "call_records_billable_voice_idx" ON "call_records" ("queueId", "startTime")
  INCLUDE ("billableSeq", "duration")
  WHERE "billableSeq" IS NOT NULL AND "mediaType" = 'voice';
