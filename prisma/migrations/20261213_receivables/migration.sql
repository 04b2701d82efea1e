-- Receivables (issue 22): what QuickBooks says happened to each invoice (and credit memo) the app
-- created after it was sent: status, balance, due date, e-mail, payments; the webhook events and
-- the change-data-capture cursor that keep it current.

CREATE TABLE "invoice_receivables" (
  "ledgerId"      UUID PRIMARY KEY,
  "kind"          TEXT NOT NULL DEFAULT 'INVOICE',
  "qboId"         TEXT NOT NULL,
  "profileId"     UUID NOT NULL,
  "status"        TEXT NOT NULL DEFAULT 'OPEN',
  "totalAmount"   DECIMAL(14, 2) NOT NULL,
  "balance"       DECIMAL(14, 2) NOT NULL,
  "dueDate"       DATE,
  "emailStatus"   TEXT NOT NULL DEFAULT 'NOT_SENT',
  "emailedAt"     TIMESTAMP(3),
  "emailedTo"     TEXT,
  "lastSendError" TEXT,
  "autoSendDone"  BOOLEAN NOT NULL DEFAULT FALSE,
  "syncToken"     INTEGER,
  "qboUpdatedAt"  TIMESTAMP(3),
  "lastSyncedAt"  TIMESTAMP(3),
  "lastPaymentOn" DATE,
  "createdAt"     TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updatedAt"     TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "invoice_receivables_kind_qboId_key" ON "invoice_receivables" ("kind", "qboId");
CREATE INDEX "invoice_receivables_profileId_idx" ON "invoice_receivables" ("profileId");
CREATE INDEX "invoice_receivables_status_dueDate_idx" ON "invoice_receivables" ("status", "dueDate");

CREATE TABLE "invoice_payments" (
  "id"           UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  "ledgerId"     UUID NOT NULL REFERENCES "invoice_receivables" ("ledgerId") ON DELETE CASCADE,
  "qboPaymentId" TEXT NOT NULL,
  "paidOn"       DATE NOT NULL,
  "amount"       DECIMAL(14, 2) NOT NULL,
  "createdAt"    TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "invoice_payments_ledgerId_qboPaymentId_key" ON "invoice_payments" ("ledgerId", "qboPaymentId");
CREATE INDEX "invoice_payments_qboPaymentId_idx" ON "invoice_payments" ("qboPaymentId");
CREATE INDEX "invoice_payments_paidOn_idx" ON "invoice_payments" ("paidOn");

-- Each change a webhook told of, once (eventKey: the CloudEvents id, or a hash of a classic entry).
CREATE TABLE "qbo_webhook_events" (
  "id"          BIGSERIAL PRIMARY KEY,
  "eventKey"    TEXT NOT NULL,
  "realmId"     TEXT NOT NULL,
  "entityName"  TEXT NOT NULL,
  "entityId"    TEXT NOT NULL,
  "operation"   TEXT NOT NULL,
  "occurredAt"  TIMESTAMP(3) NOT NULL,
  "receivedAt"  TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "processedAt" TIMESTAMP(3),
  "outcome"     TEXT
);
CREATE UNIQUE INDEX "qbo_webhook_events_eventKey_key" ON "qbo_webhook_events" ("eventKey");
CREATE INDEX "qbo_webhook_events_pending_idx" ON "qbo_webhook_events" ("id") WHERE "processedAt" IS NULL;
CREATE INDEX "qbo_webhook_events_receivedAt_idx" ON "qbo_webhook_events" ("receivedAt");

-- Deliveries refused for a missing or wrong intuit-signature (the dashboard counts the last hour).
CREATE TABLE "qbo_webhook_rejections" (
  "id"         BIGSERIAL PRIMARY KEY,
  "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "reason"     TEXT NOT NULL
);
CREATE INDEX "qbo_webhook_rejections_receivedAt_idx" ON "qbo_webhook_rejections" ("receivedAt");

-- Where change data capture continues from, per company.
CREATE TABLE "qbo_sync_state" (
  "realmId"      TEXT PRIMARY KEY,
  "cdcCursor"    TIMESTAMP(3),
  "lastSyncAt"   TIMESTAMP(3),
  "lastSyncMode" TEXT,
  "lastError"    TEXT,
  "updatedAt"    TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- Payment terms (days after the invoice date; Net 30 by default) and e-mailing after creation.
ALTER TABLE "customer_profiles" ADD COLUMN "paymentTermsDays" INTEGER NOT NULL DEFAULT 30;
ALTER TABLE "customer_profiles" ADD COLUMN "emailInvoices" BOOLEAN NOT NULL DEFAULT FALSE;
