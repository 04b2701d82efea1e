-- Idempotency-Key on the creating POSTs (issue 25): the first request with a key claims this row
-- (the primary key decides between concurrent ones), runs, and keeps its answer (sealed with the
-- app's secret: an API token's secret is in its answer) for 24 hours; the same key from the same
-- user answers it again without creating anything.
CREATE TABLE IF NOT EXISTS "idempotency_keys" (
    "userId" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "status" INTEGER,
    "sealedAnswer" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimEndsBy" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("userId", "key")
);
CREATE INDEX IF NOT EXISTS "idempotency_keys_createdAt_idx" ON "idempotency_keys" ("createdAt");
