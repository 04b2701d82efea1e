-- GET /qbo/auth no longer writes a row per call (issue 25): its state is signed (HMAC with the
-- app's secret, bound to the session, ten minutes). oauth_states now only remembers states spent
-- at the callback, for their ten minutes, so one cannot be used twice. The rows issued under the
-- old scheme are swept: none of them can come back valid.
DELETE FROM "oauth_states";
