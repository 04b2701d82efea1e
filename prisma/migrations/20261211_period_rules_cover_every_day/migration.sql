-- A billing-period rule covers every day (DESIGN.md §4, "Periods in service"): with start <= end it
-- is 1..31, otherwise end = start - 1. A rule such as 1..15 left days 16-31 in no period, so their
-- calls were never billed. Profiles with such a rule keep their start day (every period starts
-- where it did) and get the end day that covers the rest: 1..15 -> 1..31, 5..31 -> 5..4, 16..10 -> 16..15.
--
-- Nothing already invoiced changes: no invoice, line, claim or amount is touched. A period already
-- invoiced (billing_periods) is widened to the new rule's period starting where it starts (never into
-- the next recorded period), so the days the old rule left out join the period they follow: the next
-- run bills their calls as the rest of that period ("Usage, <days>", amount(U1 + U2) - amount(U1)),
-- never as periods of their own owing a second minimum. Each change is audited.

CREATE OR REPLACE FUNCTION "pg_temp"."covering_rule_day"(month_start date, day_number int) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT month_start + (LEAST(day_number, EXTRACT(DAY FROM (month_start + interval '1 month - 1 day'))::int) - 1)
$$;

CREATE TEMP TABLE "uncovered_rules" ON COMMIT DROP AS
SELECT p."id", p."qboDisplayName", p."billingPeriodStart" AS s, p."billingPeriodEnd" AS old_e,
       CASE WHEN p."billingPeriodStart" = 1 THEN 31 ELSE p."billingPeriodStart" - 1 END AS new_e
FROM "customer_profiles" p
WHERE NOT ((p."billingPeriodStart" = 1 AND p."billingPeriodEnd" = 31)
           OR (p."billingPeriodStart" > 1 AND p."billingPeriodEnd" = p."billingPeriodStart" - 1));

-- The end of the new rule's period holding each recorded period's first day, kept before the next
-- recorded period of the profile.
CREATE TEMP TABLE "widened_periods" ON COMMIT DROP AS
SELECT x."id", x."profileId", x."periodStart", x."periodEnd" AS old_end,
       LEAST(x.rule_end, COALESCE(x.next_start - 1, x.rule_end)) AS new_end
FROM (
  SELECT bp."id", bp."profileId", bp."periodStart", bp."periodEnd",
         LEAD(bp."periodStart") OVER (PARTITION BY bp."profileId" ORDER BY bp."periodStart") AS next_start,
         CASE
           WHEN u.s = 1 THEN (date_trunc('month', bp."periodStart") + interval '1 month - 1 day')::date
           WHEN bp."periodStart" >= pg_temp.covering_rule_day(date_trunc('month', bp."periodStart")::date, u.s)
             THEN pg_temp.covering_rule_day((date_trunc('month', bp."periodStart") + interval '1 month')::date, u.new_e)
           ELSE pg_temp.covering_rule_day(date_trunc('month', bp."periodStart")::date, u.new_e)
         END AS rule_end
  FROM "billing_periods" bp JOIN "uncovered_rules" u ON u."id" = bp."profileId"
) x
WHERE LEAST(x.rule_end, COALESCE(x.next_start - 1, x.rule_end)) > x."periodEnd";

UPDATE "billing_periods" bp SET "periodEnd" = w.new_end FROM "widened_periods" w WHERE w."id" = bp."id";

-- Where periods are also kept as instants (migration 20261210_2_period_instants: "endsAt", half-open,
-- in the zone the period was billed in), the end instant follows the new last day.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns
             WHERE table_schema = current_schema() AND table_name = 'billing_periods' AND column_name = 'endsAt') THEN
    EXECUTE 'UPDATE "billing_periods" bp
               SET "endsAt" = ((w.new_end + 1)::timestamp AT TIME ZONE bp."timeZone") AT TIME ZONE ''UTC''
              FROM "widened_periods" w WHERE w."id" = bp."id"';
  END IF;
END $$;

UPDATE "customer_profiles" p SET "billingPeriodEnd" = u.new_e, "updatedAt" = now()
FROM "uncovered_rules" u WHERE u."id" = p."id";

INSERT INTO "audit_log" ("action", "target", "details")
SELECT 'customer-profile.period-rule-covered', u."qboDisplayName",
       jsonb_build_object(
         'id', u."id",
         'by', 'migration 20261211_period_rules_cover_every_day',
         'reason', 'The billing period rule must cover every day (DESIGN.md §4)',
         'before', jsonb_build_object('billingPeriodStart', u.s, 'billingPeriodEnd', u.old_e),
         'after', jsonb_build_object('billingPeriodStart', u.s, 'billingPeriodEnd', u.new_e),
         'widenedPeriods', COALESCE((
           SELECT jsonb_agg(jsonb_build_object('start', w."periodStart", 'endBefore', w.old_end, 'endAfter', w.new_end) ORDER BY w."periodStart")
           FROM "widened_periods" w WHERE w."profileId" = u."id"), '[]'::jsonb))
FROM "uncovered_rules" u;
DROP FUNCTION "pg_temp"."covering_rule_day"(date, int);
