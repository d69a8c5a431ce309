-- Who is asking, remembered for a moment (docs/decisions/013-who-is-asking-one-statement.md): every
-- node keeps the answer of its session lookup for a few seconds, and forgets it as soon as the
-- session or the user's memberships change, on any node. PostgreSQL tells every node: these triggers
-- send a notification on the channel hireloop_auth when a session ends or changes (its token's hash,
-- "s:…") and when a membership is added, changed or removed (the user's id, "u:…"). A notification is
-- sent when, and only if, its transaction commits. A deleted user or organisation deletes its sessions
-- and memberships (foreign keys, on delete cascade), which fires the same triggers.
CREATE OR REPLACE FUNCTION hireloop_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hireloop_auth', 's:' || OLD.token_hash);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER DELETE OR UPDATE OF token_hash, user_id, expires_at ON sessions
  FOR EACH ROW EXECUTE FUNCTION hireloop_session_changed();--> statement-breakpoint
CREATE OR REPLACE FUNCTION hireloop_membership_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('hireloop_auth', 'u:' || OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('hireloop_auth', 'u:' || NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER memberships_changed AFTER INSERT OR UPDATE OR DELETE ON memberships
  FOR EACH ROW EXECUTE FUNCTION hireloop_membership_changed();
