-- No lost updates (issue 24): the rows people edit in forms carry a version, raised by every save
-- a person makes (not by the scheduler's own writes), with who made that save and when, so a save
-- based on an older version is refused naming the change it would undo.
ALTER TABLE "customer_profiles" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1,
  ADD COLUMN "changedBy" TEXT, ADD COLUMN "changedAt" TIMESTAMP(3);
ALTER TABLE "organization_settings" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1,
  ADD COLUMN "changedBy" TEXT, ADD COLUMN "changedAt" TIMESTAMP(3);
ALTER TABLE "regions" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1,
  ADD COLUMN "changedBy" TEXT, ADD COLUMN "changedAt" TIMESTAMP(3);
ALTER TABLE "teams" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1,
  ADD COLUMN "changedBy" TEXT, ADD COLUMN "changedAt" TIMESTAMP(3);
ALTER TABLE "queue_assignments" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1,
  ADD COLUMN "changedBy" TEXT, ADD COLUMN "changedAt" TIMESTAMP(3);
