-- Fixed-window request counters shared by every instance: the sign-in throttle (per e-mail and per
-- client address) and the REST rate limits. One row per key; a single upsert counts a request and
-- says how many came in its window, so parallel requests are counted exactly (issue 13: ten
-- parallel wrong passwords were all checked when attempts were counted after the check).
CREATE TABLE IF NOT EXISTS "request_counters" (
    "key" TEXT NOT NULL,
    "hits" INTEGER NOT NULL,
    "windowEndsAt" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "request_counters_pkey" PRIMARY KEY ("key")
);
CREATE INDEX IF NOT EXISTS "request_counters_windowEndsAt_idx" ON "request_counters" ("windowEndsAt");

-- The per-e-mail attempt log it replaces (sign-in failures stay in the audit log).
DROP TABLE IF EXISTS "sign_in_attempts";
