-- A period-rule change takes effect after the last billed period (DESIGN.md §4, as a timezone change
-- does): the days before it keep the periods of the rule they were in. Each profile keeps the rules it
-- had, oldest first, with the first day of the rule after each; existing profiles have none, so their
-- periods are drawn as before.
ALTER TABLE "customer_profiles" ADD COLUMN "periodRuleHistory" JSONB NOT NULL DEFAULT '[]';
