-- Rate plans (DESIGN.md §4 "Rate plans"): each version of a profile's plan, from the period it is
-- effective from. A period is rated by the latest version effective on its first day; a profile
-- with no version (or a version whose plan is null) is rated by the spec's three fields, exactly
-- as before. Versions are kept: earlier periods keep their terms, and every change is audited.
CREATE TABLE "rate_plans" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "profileId" UUID NOT NULL,
  "effectiveFrom" DATE NOT NULL,
  -- The plan as the API takes it (shared/rate-plan.ts), without effectiveFrom; null: the spec's fields.
  "plan" JSONB,
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "createdById" UUID,
  "createdByEmail" TEXT,
  CONSTRAINT "rate_plans_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "rate_plans_profile_fkey" FOREIGN KEY ("profileId") REFERENCES "customer_profiles"("id") ON DELETE CASCADE
);
CREATE UNIQUE INDEX "rate_plans_profileId_effectiveFrom_key" ON "rate_plans" ("profileId", "effectiveFrom");
