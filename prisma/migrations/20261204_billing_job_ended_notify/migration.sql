-- Tells whoever LISTENs on "billing_job_ended" that a billing job has ended: the payload is the
-- job's id, sent when the writing transaction commits, once its status has become COMPLETED, FAILED
-- or CANCELLED. Anyone waiting for a job (the tests, a screen) reads it again then instead of asking
-- every few milliseconds; the worker may run in any process, the notification reaches them all.
-- It is sent only on that one change of status, so billing pays next to nothing for it. A listener
-- reads the job once after its LISTEN is in place, for an end that came before.

CREATE FUNCTION billing_job_ended_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('billing_job_ended', NEW.id::text);
  RETURN NULL;
END $$;

CREATE TRIGGER billing_job_ended AFTER UPDATE OF status ON billing_jobs
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.status IN ('COMPLETED', 'FAILED', 'CANCELLED'))
  EXECUTE FUNCTION billing_job_ended_notify();
