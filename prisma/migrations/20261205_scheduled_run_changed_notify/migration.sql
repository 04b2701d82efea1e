-- Tells whoever LISTENs on "scheduled_run_changed" that a scheduled run moved on: the payload is
-- the run's id, sent when the writing transaction commits, once its state or its job changed
-- (DUE → HELD while the kill switch is on, → DONE with the MONTHLY job it created). Whoever waits
-- for a run (the tests, a screen) reads it again then instead of asking every few milliseconds; the
-- run may be handled in any process. A run changes a handful of times in its life, so this costs
-- next to nothing. A listener reads the run once after its LISTEN is in place, for a change that
-- came before.

CREATE FUNCTION scheduled_run_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('scheduled_run_changed', NEW.id::text);
  RETURN NULL;
END $$;

CREATE TRIGGER scheduled_run_changed AFTER UPDATE OF state, "billingJobId" ON scheduled_runs
  FOR EACH ROW
  WHEN (OLD.state IS DISTINCT FROM NEW.state OR OLD."billingJobId" IS DISTINCT FROM NEW."billingJobId")
  EXECUTE FUNCTION scheduled_run_changed_notify();
