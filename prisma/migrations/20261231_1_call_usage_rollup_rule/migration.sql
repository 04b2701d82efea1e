-- The hourly rollup's triggers (migration 20261203_call_usage_hourly) round each call by the one
-- billed-seconds rule (packages/api/src/domain/billed-seconds.ts): the expressions below are the
-- ones billedSecondsSql('duration::bigint', 6) and billedSecondsSql('duration::bigint', 60) build,
-- and test/one-home-rules.test.ts fails when they differ, or when an increment the settings allow
-- has no column here (1 s is "seconds"). The same figures as before: only the source of the text
-- changes, so the stored rows stay as they are.

CREATE OR REPLACE FUNCTION call_usage_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO call_usage_hourly AS usage ("hour", "queueId", "mediaType", calls, seconds, "billedSeconds6", "billedSeconds60")
  SELECT date_trunc('hour', "startTime"), "queueId", "mediaType", count(*),
         sum(GREATEST(duration::bigint, 0)),
         sum(((GREATEST(duration::bigint, 0) + 5) / 6 * 6)),
         sum(((GREATEST(duration::bigint, 0) + 59) / 60 * 60))
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

CREATE OR REPLACE FUNCTION call_usage_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO call_usage_hourly AS usage ("hour", "queueId", "mediaType", calls, seconds, "billedSeconds6", "billedSeconds60")
  SELECT "hour", "queueId", "mediaType", sum(calls), sum(seconds), sum(billed6), sum(billed60)
    FROM (SELECT date_trunc('hour', "startTime") AS "hour", "queueId", "mediaType", 1 AS calls,
                 GREATEST(duration::bigint, 0) AS seconds,
                 ((GREATEST(duration::bigint, 0) + 5) / 6 * 6) AS billed6,
                 ((GREATEST(duration::bigint, 0) + 59) / 60 * 60) AS billed60
            FROM updated_calls_after
          UNION ALL
          SELECT date_trunc('hour', "startTime"), "queueId", "mediaType", -1,
                 -GREATEST(duration::bigint, 0),
                 -((GREATEST(duration::bigint, 0) + 5) / 6 * 6),
                 -((GREATEST(duration::bigint, 0) + 59) / 60 * 60)
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

CREATE OR REPLACE FUNCTION call_usage_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Every deleted call was counted in its row, which therefore exists.
  UPDATE call_usage_hourly AS usage SET
    calls = usage.calls - gone.calls,
    seconds = usage.seconds - gone.seconds,
    "billedSeconds6" = usage."billedSeconds6" - gone.billed6,
    "billedSeconds60" = usage."billedSeconds60" - gone.billed60
    FROM (SELECT date_trunc('hour', "startTime") AS "hour", "queueId", "mediaType", count(*) AS calls,
                 sum(GREATEST(duration::bigint, 0)) AS seconds,
                 sum(((GREATEST(duration::bigint, 0) + 5) / 6 * 6)) AS billed6,
                 sum(((GREATEST(duration::bigint, 0) + 59) / 60 * 60)) AS billed60
            FROM deleted_calls
           GROUP BY 1, 2, 3) AS gone
   WHERE usage."hour" = gone."hour"
     AND usage."queueId" IS NOT DISTINCT FROM gone."queueId"
     AND usage."mediaType" IS NOT DISTINCT FROM gone."mediaType";
  RETURN NULL;
END $$;
