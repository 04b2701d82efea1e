-- Failed sign-ins, one row each, counted over a sliding 15 minutes by every limit (issue 25: the
-- fixed-window counters counted refused attempts and right passwords as failures, so one address
-- could lock an account for everyone). A row whose "failedAt" is null is a check in flight: it
-- holds a place under the limits until the password is checked (or until "checkEndsBy", should
-- the process die), so parallel guesses get no more checks than sequential ones.
CREATE TABLE IF NOT EXISTS "sign_in_failures" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "email" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "failedAt" TIMESTAMPTZ(3),
    "checkEndsBy" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "sign_in_failures_pkey" PRIMARY KEY ("id")
);
CREATE INDEX IF NOT EXISTS "sign_in_failures_email_idx" ON "sign_in_failures" ("email", "failedAt");
CREATE INDEX IF NOT EXISTS "sign_in_failures_address_idx" ON "sign_in_failures" ("address", "failedAt");

-- The sign-in counts of the old scheme (request_counters keeps the per-minute rate limits).
DELETE FROM "request_counters" WHERE "key" LIKE 'sign-in:%';
