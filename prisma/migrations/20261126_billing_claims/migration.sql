-- Every call billed exactly once (DESIGN.md §4 "Billing: calls, periods and invoices").
--
-- An invoice no longer claims days of a profile; it claims CALLS. A call is identified for billing
-- by three things that never change once it has ended: its queue, its start and its billable
-- sequence number (handed out, in commit order, the moment it is first stored as an ended voice
-- call with a queue). An invoice's claims are boxes (queue, start range, sequence range); an
-- exclusion constraint keeps the live boxes disjoint, so the database itself refuses a call on two
-- live invoices, whatever the profile, queue move, retry or concurrent job. A call that arrives
-- late gets a sequence number above every box drawn before it, so it is outside them: unbilled
-- until the next invoice claims it.

-- ---------------------------------------------------------------- calls

CREATE SEQUENCE "call_billable_seq";

ALTER TABLE "call_records" ADD COLUMN "billableSeq" BIGINT;

-- Calls already stored: billable now, in start order.
WITH ordered AS (
  SELECT "conversationId" FROM "call_records"
  WHERE "endTime" IS NOT NULL AND "mediaType" = 'voice' AND "queueId" IS NOT NULL
  ORDER BY "startTime", "conversationId"
)
UPDATE "call_records" c SET "billableSeq" = nextval('call_billable_seq')
FROM ordered o WHERE o."conversationId" = c."conversationId";

-- Billing aggregates read calls by queue and start among the billable ones.
CREATE INDEX "call_records_billable_idx" ON "call_records" ("queueId", "startTime")
  INCLUDE ("billableSeq", "duration") WHERE "billableSeq" IS NOT NULL;

-- Hands out the sequence number when a call first becomes billable, under an exclusive
-- transaction-level advisory lock that claims take in shared mode: while a claim is being drawn no
-- call can become billable, so every call below the claim's watermark is committed and visible to
-- it. Once billable, the attributes billing depends on are kept as they were billed.
CREATE FUNCTION "call_records_billable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."billableSeq" IS NOT NULL THEN
    NEW."billableSeq" := OLD."billableSeq";
    NEW."queueId" := OLD."queueId";
    NEW."startTime" := OLD."startTime";
    NEW."endTime" := OLD."endTime";
    NEW."duration" := OLD."duration";
    NEW."mediaType" := OLD."mediaType";
    RETURN NEW;
  END IF;
  IF NEW."endTime" IS NOT NULL AND NEW."mediaType" = 'voice' AND NEW."queueId" IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtext('phone-billing:call-billable'));
    NEW."billableSeq" := nextval('call_billable_seq');
  ELSE
    NEW."billableSeq" := NULL;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER "call_records_billable"
  BEFORE INSERT OR UPDATE ON "call_records"
  FOR EACH ROW EXECUTE FUNCTION "call_records_billable"();

-- ---------------------------------------------------------------- profiles and settings

ALTER TABLE "customer_profiles" ADD COLUMN "billingStartDate" DATE;

-- Existing profiles start billing with the period holding their creation day (company timezone):
-- the rule of domain/billing-period.ts defaultBillingStartDate, written out for the months around it.
CREATE FUNCTION "pg_temp"."clamped_day"(month_start date, day_number int) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT month_start + (LEAST(day_number, EXTRACT(DAY FROM (month_start + interval '1 month - 1 day'))::int) - 1)
$$;
WITH local AS (
  SELECT p."id", p."billingPeriodStart" AS s, p."billingPeriodEnd" AS e,
         (p."createdAt" AT TIME ZONE 'UTC' AT TIME ZONE COALESCE((SELECT "timezone" FROM "organization_settings" WHERE "id" = 1), 'America/Los_Angeles'))::date AS d
  FROM "customer_profiles" p
), months AS (
  SELECT l.*, date_trunc('month', l.d)::date AS m FROM local l
)
UPDATE "customer_profiles" p SET "billingStartDate" = CASE
    WHEN x.s <= x.e AND x.d > pg_temp.clamped_day(x.m, x.e) THEN pg_temp.clamped_day((x.m + interval '1 month')::date, x.s)
    WHEN x.s <= x.e THEN pg_temp.clamped_day(x.m, x.s)
    WHEN x.d >= pg_temp.clamped_day(x.m, x.s) THEN pg_temp.clamped_day(x.m, x.s)
    WHEN x.d <= pg_temp.clamped_day(x.m, x.e) THEN pg_temp.clamped_day((x.m - interval '1 month')::date, x.s)
    ELSE pg_temp.clamped_day(x.m, x.s)
  END
FROM months x WHERE x."id" = p."id";
ALTER TABLE "customer_profiles" ADD COLUMN "archivedAt" TIMESTAMP(3);
CREATE INDEX "customer_profiles_archivedAt_idx" ON "customer_profiles" ("archivedAt");

ALTER TABLE "organization_settings" ADD COLUMN "lateUsageWindowDays" INTEGER NOT NULL DEFAULT 35;

-- ---------------------------------------------------------------- billing periods

-- One row per billing period of a profile that an invoice touched: its days and the terms it is
-- billed under (fixed when the period is first billed, so a later invoice bills the difference
-- under the same terms). Periods of a profile never overlap.
CREATE TABLE "billing_periods" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "profileId" UUID NOT NULL,
  "periodStart" DATE NOT NULL,
  "periodEnd" DATE NOT NULL,
  "ratePerMinute" DECIMAL(12,4) NOT NULL,
  "minimumMinutes" INTEGER NOT NULL,
  "overageRatePerMinute" DECIMAL(12,4) NOT NULL,
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "billing_periods_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "billing_periods_profile_fkey" FOREIGN KEY ("profileId") REFERENCES "customer_profiles"("id") ON DELETE CASCADE,
  CONSTRAINT "billing_periods_order" CHECK ("periodStart" <= "periodEnd"),
  CONSTRAINT "billing_periods_no_overlap" EXCLUDE USING gist ("profileId" WITH =, daterange("periodStart", "periodEnd", '[]') WITH &&)
);
CREATE UNIQUE INDEX "billing_periods_profile_start_key" ON "billing_periods" ("profileId", "periodStart");

-- ---------------------------------------------------------------- the ledger

-- Invoices may now share a period (the rest of a split period, late usage), so the old "no two
-- entries of a profile share a day" rule goes; the claims below replace it.
ALTER TABLE "invoice_ledger" DROP CONSTRAINT IF EXISTS "invoice_ledger_no_overlap";
ALTER TABLE "invoice_ledger"
  ADD COLUMN "billingJobCustomerId" UUID,
  -- INVOICE: sent to QuickBooks. SETTLEMENT: days and calls accounted for with nothing to invoice.
  ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'INVOICE',
  ADD COLUMN "lines" JSONB,
  ADD COLUMN "memo" TEXT,
  ADD COLUMN "privateNote" TEXT,
  ADD COLUMN "txnDate" DATE,
  -- Set before the first request that may reach QuickBooks; a reservation with it set is never
  -- dropped without asking QuickBooks for its DocNumber first.
  ADD COLUMN "firstSentAt" TIMESTAMP(3),
  ADD COLUMN "lastSentAt" TIMESTAMP(3),
  ADD COLUMN "sendAttempts" INTEGER NOT NULL DEFAULT 0,
  -- An attempt ended without a definite answer (no answer, 5xx, a crash): sticky.
  ADD COLUMN "outcomeUnknown" BOOLEAN NOT NULL DEFAULT false,
  -- What QuickBooks said when we last looked: active | voided | deleted.
  ADD COLUMN "qboStatus" TEXT,
  ADD COLUMN "qboCheckedAt" TIMESTAMP(3),
  ADD COLUMN "voidDetectedAt" TIMESTAMP(3),
  ADD COLUMN "releasedAt" TIMESTAMP(3),
  ADD COLUMN "releasedById" UUID,
  ADD COLUMN "releaseReason" TEXT;
-- States: RESERVED (before and while sending), CREATED (QuickBooks has it), SETTLED (a settlement),
-- RELEASED (voided or deleted in QuickBooks and released for re-billing: no longer live).
CREATE INDEX "invoice_ledger_state_idx" ON "invoice_ledger" ("state");
CREATE INDEX "invoice_ledger_billingJobId_idx" ON "invoice_ledger" ("billingJobId");
CREATE UNIQUE INDEX "invoice_ledger_live_job_customer_key" ON "invoice_ledger" ("billingJobCustomerId")
  WHERE "state" <> 'RELEASED' AND "billingJobCustomerId" IS NOT NULL;
CREATE INDEX "invoice_ledger_qboInvoiceId_idx" ON "invoice_ledger" ("qboInvoiceId");

-- What one invoice adds to one period: the days it newly covers (none for late usage only), its
-- calls and billed seconds, and the amount of its lines for that period.
CREATE TABLE "invoice_period_lines" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "ledgerId" UUID NOT NULL,
  "periodId" UUID NOT NULL,
  "coveredFrom" DATE,
  "coveredTo" DATE,
  "calls" INTEGER NOT NULL,
  "billedSeconds" BIGINT NOT NULL,
  "amount" DECIMAL(14,2) NOT NULL,
  CONSTRAINT "invoice_period_lines_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "invoice_period_lines_ledger_fkey" FOREIGN KEY ("ledgerId") REFERENCES "invoice_ledger"("id") ON DELETE CASCADE,
  CONSTRAINT "invoice_period_lines_period_fkey" FOREIGN KEY ("periodId") REFERENCES "billing_periods"("id") ON DELETE CASCADE,
  CONSTRAINT "invoice_period_lines_covered" CHECK (("coveredFrom" IS NULL) = ("coveredTo" IS NULL) AND ("coveredFrom" IS NULL OR "coveredFrom" <= "coveredTo"))
);
CREATE UNIQUE INDEX "invoice_period_lines_ledger_period_key" ON "invoice_period_lines" ("ledgerId", "periodId");
CREATE INDEX "invoice_period_lines_periodId_idx" ON "invoice_period_lines" ("periodId");

-- The calls an invoice billed, as disjoint boxes (see the top of this file). A box holds at least
-- one call; its figures were summed when it was drawn and never change (the calls inside are frozen).
CREATE TABLE "call_claims" (
  "id" BIGSERIAL NOT NULL,
  "ledgerId" UUID NOT NULL,
  "periodId" UUID NOT NULL,
  "queueId" TEXT NOT NULL,
  "queueName" TEXT NOT NULL,
  "startFrom" TIMESTAMP(3) NOT NULL,
  "startTo" TIMESTAMP(3) NOT NULL,
  "seqFrom" BIGINT NOT NULL,
  "seqTo" BIGINT NOT NULL,
  "incrementSeconds" INTEGER NOT NULL,
  "calls" INTEGER NOT NULL,
  "billedSeconds" BIGINT NOT NULL,
  "live" BOOLEAN NOT NULL DEFAULT true,
  CONSTRAINT "call_claims_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "call_claims_ledger_fkey" FOREIGN KEY ("ledgerId") REFERENCES "invoice_ledger"("id") ON DELETE CASCADE,
  CONSTRAINT "call_claims_period_fkey" FOREIGN KEY ("periodId") REFERENCES "billing_periods"("id") ON DELETE CASCADE,
  CONSTRAINT "call_claims_box" CHECK ("startFrom" < "startTo" AND "seqFrom" < "seqTo" AND "incrementSeconds" >= 1),
  CONSTRAINT "call_claims_one_live_invoice_per_call" EXCLUDE USING gist (
    "queueId" WITH =,
    tsrange("startFrom", "startTo") WITH &&,
    int8range("seqFrom", "seqTo") WITH &&
  ) WHERE ("live")
);
CREATE INDEX "call_claims_ledgerId_idx" ON "call_claims" ("ledgerId");
CREATE INDEX "call_claims_periodId_idx" ON "call_claims" ("periodId");

-- ---------------------------------------------------------------- job results

ALTER TABLE "billing_job_customers"
  ADD COLUMN "ledgerId" UUID,
  -- Periods, claims and lines as rated (dry runs keep them too, for the calls export).
  ADD COLUMN "plan" JSONB,
  ADD COLUMN "reservations" INTEGER NOT NULL DEFAULT 0;

-- ---------------------------------------------------------------- invoices made before claims

-- Entries of the day-based ledger become claims over every billable call of their days, so nothing
-- they billed is billed again: one period row per entry (the profile's current terms), its days
-- covered, and boxes over the profile's queues below the current sequence value.
INSERT INTO "billing_periods" ("profileId", "periodStart", "periodEnd", "ratePerMinute", "minimumMinutes", "overageRatePerMinute")
SELECT l."profileId", l."periodStart", l."periodEnd", p."ratePerMinute", p."minimumMinutes", p."overageRatePerMinute"
FROM "invoice_ledger" l JOIN "customer_profiles" p ON p."id" = l."profileId"
WHERE l."state" = 'CREATED'
ON CONFLICT DO NOTHING;

INSERT INTO "invoice_period_lines" ("ledgerId", "periodId", "coveredFrom", "coveredTo", "calls", "billedSeconds", "amount")
SELECT l."id", bp."id", l."periodStart", l."periodEnd", 0, 0, l."amount"
FROM "invoice_ledger" l JOIN "billing_periods" bp ON bp."profileId" = l."profileId" AND bp."periodStart" = l."periodStart"
WHERE l."state" = 'CREATED';

WITH zone AS (SELECT COALESCE((SELECT "timezone" FROM "organization_settings" WHERE "id" = 1), 'America/Los_Angeles') AS tz),
boxes AS (
  SELECT l."id" AS "ledgerId", bp."id" AS "periodId", q."id" AS "queueId", q."name" AS "queueName",
         (l."periodStart"::timestamp AT TIME ZONE zone.tz AT TIME ZONE 'UTC') AS "startFrom",
         ((l."periodEnd" + 1)::timestamp AT TIME ZONE zone.tz AT TIME ZONE 'UTC') AS "startTo"
  FROM "invoice_ledger" l
  CROSS JOIN zone
  JOIN "billing_periods" bp ON bp."profileId" = l."profileId" AND bp."periodStart" = l."periodStart"
  JOIN "customer_profile_queues" cq ON cq."profileId" = l."profileId"
  JOIN "genesys_queues" q ON q."name" = cq."queueName"
  WHERE l."state" = 'CREATED'
),
counted AS (
  SELECT b.*, count(c."conversationId")::int AS calls,
         COALESCE(sum((GREATEST(c."duration", 0) + 59) / 60 * 60), 0)::bigint AS "billedSeconds"
  FROM boxes b
  LEFT JOIN "call_records" c ON c."queueId" = b."queueId" AND c."startTime" >= b."startFrom" AND c."startTime" < b."startTo" AND c."billableSeq" IS NOT NULL
  GROUP BY b."ledgerId", b."periodId", b."queueId", b."queueName", b."startFrom", b."startTo"
)
INSERT INTO "call_claims" ("ledgerId", "periodId", "queueId", "queueName", "startFrom", "startTo", "seqFrom", "seqTo", "incrementSeconds", "calls", "billedSeconds")
SELECT "ledgerId", "periodId", "queueId", "queueName", "startFrom", "startTo", 0, (SELECT last_value + 1 FROM "call_billable_seq"), 60, calls, "billedSeconds"
FROM counted WHERE calls > 0
ON CONFLICT DO NOTHING;

-- A reservation of the day-based ledger may have reached QuickBooks: look its DocNumber up first.
UPDATE "invoice_ledger" SET "outcomeUnknown" = true WHERE "state" = 'RESERVED';
