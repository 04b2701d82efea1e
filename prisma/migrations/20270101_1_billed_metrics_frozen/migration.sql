-- Handle time is frozen once billed, as duration is (DESIGN.md §4 "Rate plans": a charge's basis
-- may be handle time = talk + hold + after-call work from Genesys metrics). Genesys may report
-- after-call work after an interaction ended, so the metrics cannot be frozen when it becomes
-- billable, as its duration is; they are frozen once a live claim holds it (an invoice, or a
-- reservation about to be one, billed it): a later pull keeps what was billed, so the calls export
-- of an invoice still adds up to its lines, and a release frees them again with the claim.
--
-- A change to a billable interaction's metrics also waits for the billable-call lock that rating
-- holds (shared) while it counts, as a new billable interaction does: rating counts on several
-- connections at once (rating-queries.ts countInParallel), which is exact only while nothing it
-- reads changes, and a claim committed while the change waited is then seen by it.

CREATE OR REPLACE FUNCTION "call_records_billable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."billableSeq" IS NOT NULL THEN
    NEW."billableSeq" := OLD."billableSeq";
    NEW."queueId" := OLD."queueId";
    NEW."startTime" := OLD."startTime";
    NEW."endTime" := OLD."endTime";
    NEW."duration" := OLD."duration";
    NEW."mediaType" := OLD."mediaType";
    NEW."direction" := OLD."direction";
    IF (NEW."talkSeconds", NEW."holdSeconds", NEW."acwSeconds", NEW."handleSeconds")
       IS DISTINCT FROM (OLD."talkSeconds", OLD."holdSeconds", OLD."acwSeconds", OLD."handleSeconds") THEN
      PERFORM pg_advisory_xact_lock(hashtext('phone-billing:call-billable'));
      IF EXISTS (
        SELECT 1 FROM "call_claims" k
        WHERE k."live" AND k."queueId" = OLD."queueId"
          AND tsrange(k."startFrom", k."startTo") @> OLD."startTime"
          AND int8range(k."seqFrom", k."seqTo") @> OLD."billableSeq"
      ) THEN
        NEW."talkSeconds" := OLD."talkSeconds";
        NEW."holdSeconds" := OLD."holdSeconds";
        NEW."acwSeconds" := OLD."acwSeconds";
        NEW."handleSeconds" := OLD."handleSeconds";
      END IF;
    END IF;
    RETURN NEW;
  END IF;
  IF NEW."endTime" IS NOT NULL AND NEW."queueId" IS NOT NULL AND NEW."mediaType" IN ('voice', 'callback', 'chat', 'email', 'message') THEN
    PERFORM pg_advisory_xact_lock(hashtext('phone-billing:call-billable'));
    NEW."billableSeq" := nextval('call_billable_seq');
  ELSE
    NEW."billableSeq" := NULL;
  END IF;
  RETURN NEW;
END
$$;
