-- Hourly totals of call_records per queue and media type (issue 14): the dashboard reads a month
-- of these (a few thousand rows) instead of a million calls. Triggers keep them in step with every
-- write to call_records, whoever makes it: a pull inserting calls, a re-pull updating them (a call
-- that was in progress ends, Genesys moves it to another queue or changes its media type), a
-- delete, a truncate. Each statement applies the net difference it made, grouped and in key
-- order, so concurrent writers queue on the same rows instead of deadlocking, and a re-pull that
-- changed nothing writes nothing here.
CREATE TABLE "call_usage_hourly" (
    -- The UTC hour the calls started in (call_records."startTime" truncated to the hour).
    "hour"            TIMESTAMP(3) NOT NULL,
    "queueId"         TEXT,
    "mediaType"       TEXT,
    "calls"           INTEGER NOT NULL,
    -- Talk seconds: the sum of GREATEST(duration, 0).
    "seconds"         BIGINT NOT NULL,
    -- The same seconds with each call rounded up to the billing increment (60 s or 6 s; at 1 s
    -- it is "seconds"), as the dashboard's estimate rates them.
    "billedSeconds6"  BIGINT NOT NULL,
    "billedSeconds60" BIGINT NOT NULL,
    CONSTRAINT "call_usage_hourly_key" UNIQUE NULLS NOT DISTINCT ("hour", "queueId", "mediaType")
);

CREATE FUNCTION call_usage_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO call_usage_hourly AS usage ("hour", "queueId", "mediaType", calls, seconds, "billedSeconds6", "billedSeconds60")
  SELECT date_trunc('hour', "startTime"), "queueId", "mediaType", count(*),
         sum(GREATEST(duration, 0)::bigint), sum((GREATEST(duration, 0)::bigint + 5) / 6 * 6), sum((GREATEST(duration, 0)::bigint + 59) / 60 * 60)
    FROM inserted_calls
   GROUP BY 1, 2, 3
   ORDER BY 1, 2, 3
  ON CONFLICT ("hour", "queueId", "mediaType") DO UPDATE SET
    calls = usage.calls + EXCLUDED.calls,
    seconds = usage.seconds + EXCLUDED.seconds,
    "billedSeconds6" = usage."billedSeconds6" + EXCLUDED."billedSeconds6",
    "billedSeconds60" = usage."billedSeconds60" + EXCLUDED."billedSeconds60";
  RETURN NULL;
END $$;

CREATE FUNCTION call_usage_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO call_usage_hourly AS usage ("hour", "queueId", "mediaType", calls, seconds, "billedSeconds6", "billedSeconds60")
  SELECT "hour", "queueId", "mediaType", sum(calls), sum(seconds), sum(billed6), sum(billed60)
    FROM (SELECT date_trunc('hour', "startTime") AS "hour", "queueId", "mediaType", 1 AS calls, GREATEST(duration, 0)::bigint AS seconds,
                 (GREATEST(duration, 0)::bigint + 5) / 6 * 6 AS billed6, (GREATEST(duration, 0)::bigint + 59) / 60 * 60 AS billed60
            FROM updated_calls_after
          UNION ALL
          SELECT date_trunc('hour', "startTime"), "queueId", "mediaType", -1, -GREATEST(duration, 0)::bigint,
                 -((GREATEST(duration, 0)::bigint + 5) / 6 * 6), -((GREATEST(duration, 0)::bigint + 59) / 60 * 60)
            FROM updated_calls_before) AS changes
   GROUP BY 1, 2, 3
  HAVING sum(calls) <> 0 OR sum(seconds) <> 0 OR sum(billed6) <> 0 OR sum(billed60) <> 0
   ORDER BY 1, 2, 3
  ON CONFLICT ("hour", "queueId", "mediaType") DO UPDATE SET
    calls = usage.calls + EXCLUDED.calls,
    seconds = usage.seconds + EXCLUDED.seconds,
    "billedSeconds6" = usage."billedSeconds6" + EXCLUDED."billedSeconds6",
    "billedSeconds60" = usage."billedSeconds60" + EXCLUDED."billedSeconds60";
  RETURN NULL;
END $$;

CREATE FUNCTION call_usage_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Every deleted call was counted in its row, which therefore exists.
  UPDATE call_usage_hourly AS usage SET
    calls = usage.calls - gone.calls,
    seconds = usage.seconds - gone.seconds,
    "billedSeconds6" = usage."billedSeconds6" - gone.billed6,
    "billedSeconds60" = usage."billedSeconds60" - gone.billed60
    FROM (SELECT date_trunc('hour', "startTime") AS "hour", "queueId", "mediaType", count(*) AS calls, sum(GREATEST(duration, 0)::bigint) AS seconds,
                 sum((GREATEST(duration, 0)::bigint + 5) / 6 * 6) AS billed6, sum((GREATEST(duration, 0)::bigint + 59) / 60 * 60) AS billed60
            FROM deleted_calls
           GROUP BY 1, 2, 3) AS gone
   WHERE usage."hour" = gone."hour"
     AND usage."queueId" IS NOT DISTINCT FROM gone."queueId"
     AND usage."mediaType" IS NOT DISTINCT FROM gone."mediaType";
  RETURN NULL;
END $$;

CREATE FUNCTION call_usage_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE call_usage_hourly;
  RETURN NULL;
END $$;

CREATE TRIGGER call_usage_inserted AFTER INSERT ON call_records
  REFERENCING NEW TABLE AS inserted_calls FOR EACH STATEMENT EXECUTE FUNCTION call_usage_after_insert();
CREATE TRIGGER call_usage_updated AFTER UPDATE ON call_records
  REFERENCING OLD TABLE AS updated_calls_before NEW TABLE AS updated_calls_after FOR EACH STATEMENT EXECUTE FUNCTION call_usage_after_update();
CREATE TRIGGER call_usage_deleted AFTER DELETE ON call_records
  REFERENCING OLD TABLE AS deleted_calls FOR EACH STATEMENT EXECUTE FUNCTION call_usage_after_delete();
CREATE TRIGGER call_usage_truncated AFTER TRUNCATE ON call_records
  FOR EACH STATEMENT EXECUTE FUNCTION call_usage_after_truncate();

-- The calls already stored.
INSERT INTO call_usage_hourly ("hour", "queueId", "mediaType", calls, seconds, "billedSeconds6", "billedSeconds60")
SELECT date_trunc('hour', "startTime"), "queueId", "mediaType", count(*),
       sum(GREATEST(duration, 0)::bigint), sum((GREATEST(duration, 0)::bigint + 5) / 6 * 6), sum((GREATEST(duration, 0)::bigint + 59) / 60 * 60)
  FROM call_records
 GROUP BY 1, 2, 3;
