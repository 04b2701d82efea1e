-- Periods are instants (DESIGN.md §4): each billed period keeps the instants it starts and ends at
-- (UTC, half-open) and the zone its days were billed in. After a timezone change the first period in
-- the new zone starts at the instant the last billed one ended, so no call falls between two periods.
-- Existing periods were billed in the company's current zone (the best this database knows).

ALTER TABLE "billing_periods"
  ADD COLUMN "startsAt" TIMESTAMP(3),
  ADD COLUMN "endsAt" TIMESTAMP(3),
  ADD COLUMN "timeZone" TEXT;

WITH zone AS (SELECT COALESCE((SELECT "timezone" FROM "organization_settings" WHERE "id" = 1), 'America/Los_Angeles') AS tz)
UPDATE "billing_periods" bp SET
  "startsAt" = (bp."periodStart"::timestamp AT TIME ZONE zone.tz) AT TIME ZONE 'UTC',
  "endsAt" = ((bp."periodEnd" + 1)::timestamp AT TIME ZONE zone.tz) AT TIME ZONE 'UTC',
  "timeZone" = zone.tz
FROM zone;

ALTER TABLE "billing_periods"
  ALTER COLUMN "startsAt" SET NOT NULL,
  ALTER COLUMN "endsAt" SET NOT NULL,
  ALTER COLUMN "timeZone" SET NOT NULL,
  ADD CONSTRAINT "billing_periods_instants" CHECK ("startsAt" < "endsAt");
