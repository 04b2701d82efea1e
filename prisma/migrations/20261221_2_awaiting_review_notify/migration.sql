-- A job that starts waiting for review is told on "billing_job_ended" too (migration
-- 20261204_billing_job_ended_notify): whoever waits for a run to stop running (a test, a screen)
-- reads it again then. A separate migration, since a new enum value cannot be used in the
-- transaction that adds it.
DROP TRIGGER billing_job_ended ON billing_jobs;
CREATE TRIGGER billing_job_ended AFTER UPDATE OF status ON billing_jobs
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.status IN ('COMPLETED', 'FAILED', 'CANCELLED', 'AWAITING_REVIEW'))
  EXECUTE FUNCTION billing_job_ended_notify();
