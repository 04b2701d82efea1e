-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "BillingJobStatus" AS ENUM ('PENDING', 'IN_PROGRESS', 'COMPLETED', 'FAILED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "BillingJobType" AS ENUM ('MONTHLY', 'MANUAL', 'DRY_RUN');

-- CreateEnum
CREATE TYPE "BillingCustomerStatus" AS ENUM ('PENDING', 'INVOICED', 'SKIPPED', 'FAILED', 'RATED');

-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "displayName" TEXT,
    "passwordHash" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "lastLoginAt" TIMESTAMP(3),
    "notificationsSeenAt" TIMESTAMP(3),

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "roles" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "roles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "actions" (
    "id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "actions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_roles" (
    "userId" UUID NOT NULL,
    "roleId" UUID NOT NULL,

    CONSTRAINT "user_roles_pkey" PRIMARY KEY ("userId","roleId")
);

-- CreateTable
CREATE TABLE "role_actions" (
    "roleId" UUID NOT NULL,
    "actionId" UUID NOT NULL,

    CONSTRAINT "role_actions_pkey" PRIMARY KEY ("roleId","actionId")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" TEXT NOT NULL,
    "userId" UUID NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "rememberMe" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "password_setup_tokens" (
    "id" TEXT NOT NULL,
    "userId" UUID NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "password_setup_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_tokens" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "api_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sign_in_attempts" (
    "id" BIGSERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "succeeded" BOOLEAN NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sign_in_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_log" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorId" UUID,
    "actorEmail" TEXT,
    "action" TEXT NOT NULL,
    "target" TEXT,
    "details" JSONB,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "organization_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "timezone" TEXT NOT NULL DEFAULT 'America/Los_Angeles',
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "defaultRatePerMinute" DECIMAL(12,4) NOT NULL DEFAULT 1.00,
    "billingIncrementSeconds" INTEGER NOT NULL DEFAULT 60,
    "killSwitchEnabled" BOOLEAN NOT NULL DEFAULT false,
    "killSwitchReason" TEXT,
    "killSwitchChangedBy" TEXT,
    "killSwitchChangedAt" TIMESTAMP(3),
    "logLevel" TEXT NOT NULL DEFAULT 'info',
    "logRetention" TEXT NOT NULL DEFAULT '14d',
    "notifyBillingFailures" BOOLEAN NOT NULL DEFAULT true,
    "notifyIntegrationIssues" BOOLEAN NOT NULL DEFAULT true,
    "notifyKillSwitchChanges" BOOLEAN NOT NULL DEFAULT true,
    "signOutIdleSessions" BOOLEAN NOT NULL DEFAULT false,
    "signOutOnPasswordChange" BOOLEAN NOT NULL DEFAULT true,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "organization_settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notifications" (
    "id" BIGSERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "link" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "integration_connections" (
    "provider" TEXT NOT NULL,
    "encryptedSecrets" TEXT,
    "environment" TEXT,
    "companyName" TEXT,
    "connectedAt" TIMESTAMP(3),
    "accessTokenExpiresAt" TIMESTAMP(3),
    "refreshTokenExpiresAt" TIMESTAMP(3),
    "lastCheckedAt" TIMESTAMP(3),
    "lastError" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "integration_connections_pkey" PRIMARY KEY ("provider")
);

-- CreateTable
CREATE TABLE "oauth_states" (
    "state" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "userId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "usedAt" TIMESTAMP(3),

    CONSTRAINT "oauth_states_pkey" PRIMARY KEY ("state")
);

-- CreateTable
CREATE TABLE "genesys_queues" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "divisionName" TEXT,
    "syncedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "genesys_queues_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "genesys_users" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT,
    "department" TEXT,
    "divisionName" TEXT,
    "syncedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "genesys_users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "call_records" (
    "conversationId" TEXT NOT NULL,
    "startTime" TIMESTAMP(3) NOT NULL,
    "endTime" TIMESTAMP(3),
    "duration" INTEGER NOT NULL,
    "direction" TEXT,
    "mediaType" TEXT,
    "userId" TEXT,
    "queueId" TEXT,
    "wrapUpCode" TEXT,
    "recordingId" TEXT,
    "pulledAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "call_records_pkey" PRIMARY KEY ("conversationId")
);

-- CreateTable
CREATE TABLE "call_pull_days" (
    "day" DATE NOT NULL,
    "pulledAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "complete" BOOLEAN NOT NULL,
    "callCount" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "call_pull_days_pkey" PRIMARY KEY ("day")
);

-- CreateTable
CREATE TABLE "customer_profiles" (
    "id" UUID NOT NULL,
    "qboCustomerId" TEXT,
    "genesysQueueNames" TEXT[],
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "ratePerMinute" DECIMAL(12,4) NOT NULL DEFAULT 1.0,
    "taxCode" TEXT,
    "notes" TEXT,
    "billDate" INTEGER NOT NULL DEFAULT 1,
    "billTime" TEXT NOT NULL DEFAULT '02:00',
    "billingPeriodStart" INTEGER NOT NULL DEFAULT 1,
    "billingPeriodEnd" INTEGER NOT NULL DEFAULT 31,
    "minimumMinutes" INTEGER NOT NULL DEFAULT 0,
    "overageRatePerMinute" DECIMAL(12,4) NOT NULL DEFAULT 1,
    "qboDisplayName" TEXT NOT NULL,
    "qboCompanyName" TEXT,
    "qboGivenName" TEXT,
    "qboFamilyName" TEXT,
    "qboMiddleName" TEXT,
    "qboTitle" TEXT,
    "qboSuffix" TEXT,
    "qboPrimaryEmailAddr" TEXT,
    "qboPrimaryPhone" TEXT,
    "qboLine1" TEXT,
    "qboCity" TEXT,
    "qboCountrySubDivisionCode" TEXT,
    "qboPostalCode" TEXT,
    "qboCountry" TEXT DEFAULT 'US',
    "qboMetadata" JSONB,
    "nextRunAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "customer_profiles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "customer_profile_queues" (
    "profileId" UUID NOT NULL,
    "queueName" TEXT NOT NULL,
    "profileActive" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "customer_profile_queues_pkey" PRIMARY KEY ("profileId","queueName")
);

-- CreateTable
CREATE TABLE "regions" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "regions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "teams" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "regionId" UUID NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "teams_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "queue_assignments" (
    "id" UUID NOT NULL,
    "queueId" TEXT NOT NULL,
    "queueName" TEXT NOT NULL,
    "teamId" UUID NOT NULL,
    "assignedBy" TEXT,
    "notes" TEXT,
    "assignedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "queue_assignments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "billing_jobs" (
    "id" UUID NOT NULL,
    "jobId" TEXT NOT NULL,
    "status" "BillingJobStatus" NOT NULL DEFAULT 'PENDING',
    "type" "BillingJobType" NOT NULL,
    "queueName" TEXT[],
    "startDate" DATE NOT NULL,
    "endDate" DATE NOT NULL,
    "profileId" UUID,
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),
    "cancelRequestedAt" TIMESTAMP(3),
    "totalClients" INTEGER NOT NULL DEFAULT 0,
    "processedClients" INTEGER NOT NULL DEFAULT 0,
    "totalInvoices" INTEGER NOT NULL DEFAULT 0,
    "successfulInvoices" INTEGER NOT NULL DEFAULT 0,
    "failedInvoices" INTEGER NOT NULL DEFAULT 0,
    "totalAmount" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "error" TEXT,
    "heartbeatAt" TIMESTAMP(3),

    CONSTRAINT "billing_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "billing_job_customers" (
    "id" UUID NOT NULL,
    "billingJobId" UUID NOT NULL,
    "profileId" UUID,
    "customerName" TEXT NOT NULL,
    "status" "BillingCustomerStatus" NOT NULL DEFAULT 'PENDING',
    "periodStart" DATE,
    "periodEnd" DATE,
    "calls" INTEGER NOT NULL DEFAULT 0,
    "billedMinutes" DECIMAL(14,4) NOT NULL DEFAULT 0,
    "amount" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "lines" JSONB,
    "queueUsage" JSONB,
    "qboInvoiceId" TEXT,
    "docNumber" TEXT,
    "skipReason" TEXT,
    "error" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "billing_job_customers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoice_ledger" (
    "id" UUID NOT NULL,
    "profileId" UUID NOT NULL,
    "periodStart" DATE NOT NULL,
    "periodEnd" DATE NOT NULL,
    "billingJobId" UUID NOT NULL,
    "docNumber" TEXT NOT NULL,
    "requestId" TEXT NOT NULL,
    "qboInvoiceId" TEXT,
    "amount" DECIMAL(14,2) NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'RESERVED',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "invoice_ledger_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scheduled_runs" (
    "id" UUID NOT NULL,
    "profileId" UUID NOT NULL,
    "dueAt" TIMESTAMP(3) NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'QUEUED',
    "billingJobId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "releasedAt" TIMESTAMP(3),

    CONSTRAINT "scheduled_runs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "roles_name_key" ON "roles"("name");

-- CreateIndex
CREATE UNIQUE INDEX "actions_key_key" ON "actions"("key");

-- CreateIndex
CREATE INDEX "user_roles_roleId_idx" ON "user_roles"("roleId");

-- CreateIndex
CREATE INDEX "role_actions_actionId_idx" ON "role_actions"("actionId");

-- CreateIndex
CREATE INDEX "sessions_userId_idx" ON "sessions"("userId");

-- CreateIndex
CREATE INDEX "password_setup_tokens_userId_idx" ON "password_setup_tokens"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "api_tokens_tokenHash_key" ON "api_tokens"("tokenHash");

-- CreateIndex
CREATE INDEX "api_tokens_userId_idx" ON "api_tokens"("userId");

-- CreateIndex
CREATE INDEX "sign_in_attempts_email_at_idx" ON "sign_in_attempts"("email", "at");

-- CreateIndex
CREATE INDEX "audit_log_at_idx" ON "audit_log"("at");

-- CreateIndex
CREATE INDEX "notifications_createdAt_idx" ON "notifications"("createdAt");

-- CreateIndex
CREATE INDEX "genesys_queues_name_idx" ON "genesys_queues"("name");

-- CreateIndex
CREATE INDEX "call_records_startTime_idx" ON "call_records"("startTime");

-- CreateIndex
CREATE INDEX "call_records_queueId_startTime_idx" ON "call_records"("queueId", "startTime");

-- CreateIndex
CREATE INDEX "customer_profiles_isActive_idx" ON "customer_profiles"("isActive");

-- CreateIndex
CREATE INDEX "customer_profiles_nextRunAt_idx" ON "customer_profiles"("nextRunAt");

-- CreateIndex
CREATE INDEX "customer_profile_queues_queueName_idx" ON "customer_profile_queues"("queueName");

-- CreateIndex
CREATE INDEX "teams_regionId_idx" ON "teams"("regionId");

-- CreateIndex
CREATE UNIQUE INDEX "queue_assignments_queueId_key" ON "queue_assignments"("queueId");

-- CreateIndex
CREATE INDEX "queue_assignments_teamId_idx" ON "queue_assignments"("teamId");

-- CreateIndex
CREATE UNIQUE INDEX "billing_jobs_jobId_key" ON "billing_jobs"("jobId");

-- CreateIndex
CREATE INDEX "billing_jobs_status_idx" ON "billing_jobs"("status");

-- CreateIndex
CREATE INDEX "billing_jobs_createdAt_idx" ON "billing_jobs"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "billing_job_customers_billingJobId_profileId_key" ON "billing_job_customers"("billingJobId", "profileId");

-- CreateIndex
CREATE UNIQUE INDEX "invoice_ledger_docNumber_key" ON "invoice_ledger"("docNumber");

-- CreateIndex
CREATE UNIQUE INDEX "invoice_ledger_requestId_key" ON "invoice_ledger"("requestId");

-- CreateIndex
CREATE INDEX "invoice_ledger_profileId_idx" ON "invoice_ledger"("profileId");

-- CreateIndex
CREATE UNIQUE INDEX "scheduled_runs_profileId_dueAt_key" ON "scheduled_runs"("profileId", "dueAt");

-- AddForeignKey
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_roleId_fkey" FOREIGN KEY ("roleId") REFERENCES "roles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "role_actions" ADD CONSTRAINT "role_actions_roleId_fkey" FOREIGN KEY ("roleId") REFERENCES "roles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "role_actions" ADD CONSTRAINT "role_actions_actionId_fkey" FOREIGN KEY ("actionId") REFERENCES "actions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "password_setup_tokens" ADD CONSTRAINT "password_setup_tokens_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "customer_profile_queues" ADD CONSTRAINT "customer_profile_queues_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "customer_profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "teams" ADD CONSTRAINT "teams_regionId_fkey" FOREIGN KEY ("regionId") REFERENCES "regions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "queue_assignments" ADD CONSTRAINT "queue_assignments_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "billing_job_customers" ADD CONSTRAINT "billing_job_customers_billingJobId_fkey" FOREIGN KEY ("billingJobId") REFERENCES "billing_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "billing_job_customers" ADD CONSTRAINT "billing_job_customers_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "customer_profiles"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- ---------------------------------------------------------------------------------------------
-- Rules Prisma's schema language cannot express.

-- The organisation settings are one row.
ALTER TABLE "organization_settings" ADD CONSTRAINT "organization_settings_single_row" CHECK ("id" = 1);

-- A queue name belongs to at most one active profile; otherwise its calls would be billed twice.
CREATE UNIQUE INDEX "customer_profile_queues_active_queue_key"
  ON "customer_profile_queues" ("queueName") WHERE "profileActive";

-- No day of a profile's usage is ever invoiced twice: two ledger entries of one profile may not
-- share a day. Inclusive date ranges; btree_gist gives the equality operator on profileId.
CREATE EXTENSION IF NOT EXISTS btree_gist;
ALTER TABLE "invoice_ledger" ADD CONSTRAINT "invoice_ledger_no_overlap"
  EXCLUDE USING gist ("profileId" WITH =, daterange("periodStart", "periodEnd", '[]') WITH &&);
ALTER TABLE "invoice_ledger" ADD CONSTRAINT "invoice_ledger_period_order" CHECK ("periodStart" <= "periodEnd");
