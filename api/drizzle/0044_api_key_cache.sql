-- Issue 27: each process caches API-key lookups in memory (api-keys/api-key-cache.ts), dropped by
-- the session cache's notices: a key revoked, deleted or moved tells every process (LISTEN
-- app_session_changes) its user's id, in the transaction that changes it. The user's own changes
-- (deleted, role changed) already notify (0019_session_cache). last_used_at (written once a minute)
-- does not notify: it changes nothing a lookup answers.
CREATE TRIGGER api_keys_changed_notify AFTER UPDATE ON app.api_keys FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.key_hash IS DISTINCT FROM NEW.key_hash OR OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION app.notify_session_change();
--> statement-breakpoint
CREATE TRIGGER api_keys_deleted_notify AFTER DELETE ON app.api_keys FOR EACH ROW EXECUTE FUNCTION app.notify_session_change();
