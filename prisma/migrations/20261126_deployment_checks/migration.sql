-- Facts every instance on this database must agree on, checked at start. 'app-secret' holds a
-- check value derived from APP_SECRET (never the secret): an instance started with another
-- secret could not read the stored QuickBooks tokens, so it refuses to start.
CREATE TABLE IF NOT EXISTS "deployment_checks" (
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "deployment_checks_pkey" PRIMARY KEY ("name")
);
