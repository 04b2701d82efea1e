-- The customer list's counts (the profiles matching its filters and the five stat cards) read
-- every profile and run the completeness checks on each; every server process keeps them for a
-- few seconds per set of filters (issue 14). Any change of a profile or of its queue rows tells
-- every process to drop them (payload 'profiles', channel of 20261126_request_cache_notify),
-- when the writing transaction commits.

CREATE TRIGGER request_cache_customer_profiles_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON customer_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION request_cache_notify_statement('profiles');
CREATE TRIGGER request_cache_customer_profile_queues_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON customer_profile_queues
  FOR EACH STATEMENT EXECUTE FUNCTION request_cache_notify_statement('profiles');
