-- Rate plans bill every interaction a contract prices (DESIGN.md §4 "Rate plans", "Exactly once,
-- for every interaction"): ended interactions with a queue of the media types a charge can count
-- (voice, callback, chat, email, message) get a billable sequence number, so the ledger's claims
-- (migration 20261126_billing_claims) hold them like calls: one live invoice each. Profiles billed
-- by the spec's fields still count only voice calls inside their claims (rating-queries.ts), so
-- their amounts and lines do not move; their claims may also hold other interactions, billed at
-- nothing under those terms. Once billable, direction is kept as billed too (charges match it).

CREATE OR REPLACE FUNCTION "call_records_billable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."billableSeq" IS NOT NULL THEN
    NEW."billableSeq" := OLD."billableSeq";
    NEW."queueId" := OLD."queueId";
    NEW."startTime" := OLD."startTime";
    NEW."endTime" := OLD."endTime";
    NEW."duration" := OLD."duration";
    NEW."mediaType" := OLD."mediaType";
    NEW."direction" := OLD."direction";
    RETURN NEW;
  END IF;
  IF NEW."endTime" IS NOT NULL AND NEW."queueId" IS NOT NULL
     AND NEW."mediaType" IN ('voice', 'callback', 'chat', 'email', 'message') THEN
    PERFORM pg_advisory_xact_lock(hashtext('phone-billing:call-billable'));
    NEW."billableSeq" := nextval('call_billable_seq');
  ELSE
    NEW."billableSeq" := NULL;
  END IF;
  RETURN NEW;
END
$$;

-- Interactions stored before: billable now, in start order, above every claim drawn so far (so
-- no invoice already sent holds them; a plan's next run finds them like late usage).
WITH ordered AS (
  SELECT "conversationId" FROM "call_records"
  WHERE "billableSeq" IS NULL AND "endTime" IS NOT NULL AND "queueId" IS NOT NULL
    AND "mediaType" IN ('callback', 'chat', 'email', 'message')
  ORDER BY "startTime", "conversationId"
)
UPDATE "call_records" c SET "billableSeq" = nextval('call_billable_seq')
FROM ordered o WHERE o."conversationId" = c."conversationId";

-- Rating reads what charges match on from the billable-calls index.
DROP INDEX IF EXISTS "call_records_billable_idx";
CREATE INDEX "call_records_billable_idx" ON "call_records" ("queueId", "startTime")
  INCLUDE ("billableSeq", "duration", "mediaType", "direction", "talkSeconds", "holdSeconds", "acwSeconds")
  WHERE "billableSeq" IS NOT NULL;

-- A period's terms may be a rate plan (null: the spec's fields in the columns beside it), fixed
-- like them by the invoice QuickBooks holds; each period line keeps its usage per charge, so a
-- later invoice bills the difference charge by charge.
ALTER TABLE "billing_periods" ADD COLUMN "ratePlan" JSONB;
ALTER TABLE "invoice_period_lines" ADD COLUMN "ratePlan" JSONB, ADD COLUMN "chargeUsage" JSONB;
