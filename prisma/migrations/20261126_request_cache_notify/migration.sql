-- Every server process keeps, for a few seconds, who a session or API token belongs to (the user,
-- their roles and permissions) and the organisation settings, so a request does not read them
-- again (issue 14). These triggers tell every process at once when any of that changes: each
-- process LISTENs on "request_cache_changes" and drops what the payload names. A notification is
-- sent when the writing transaction commits, so a signed-out session or a revoked token stops
-- working in every process as soon as the change is visible at all.
--   session:<id>      that session changed or was deleted (sign-out, expiry, touch)
--   token:<hash>      that API token changed or was deleted (revocation, last use)
--   principals        users, roles, permissions or their links changed: drop every cached identity
--   settings          the organisation settings changed

CREATE FUNCTION request_cache_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('request_cache_changes', 'session:' || OLD.id);
  RETURN NULL;
END $$;

CREATE FUNCTION request_cache_notify_api_token() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('request_cache_changes', 'token:' || OLD."tokenHash");
  RETURN NULL;
END $$;

-- TG_ARGV[0]: what to drop ('principals' or 'settings').
CREATE FUNCTION request_cache_notify_statement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('request_cache_changes', TG_ARGV[0]);
  RETURN NULL;
END $$;

CREATE TRIGGER request_cache_session_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION request_cache_notify_session();
CREATE TRIGGER request_cache_sessions_truncated AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION request_cache_notify_statement('principals');

CREATE TRIGGER request_cache_api_token_changed AFTER UPDATE OR DELETE ON api_tokens
  FOR EACH ROW EXECUTE FUNCTION request_cache_notify_api_token();
CREATE TRIGGER request_cache_api_tokens_truncated AFTER TRUNCATE ON api_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION request_cache_notify_statement('principals');

CREATE TRIGGER request_cache_users_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION request_cache_notify_statement('principals');
CREATE TRIGGER request_cache_user_roles_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION request_cache_notify_statement('principals');
CREATE TRIGGER request_cache_roles_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION request_cache_notify_statement('principals');
CREATE TRIGGER request_cache_role_actions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_actions
  FOR EACH STATEMENT EXECUTE FUNCTION request_cache_notify_statement('principals');
CREATE TRIGGER request_cache_actions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON actions
  FOR EACH STATEMENT EXECUTE FUNCTION request_cache_notify_statement('principals');

CREATE TRIGGER request_cache_settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON organization_settings
  FOR EACH STATEMENT EXECUTE FUNCTION request_cache_notify_statement('settings');
