-- Who is asking, forgotten by the node that made the change before it answers
-- (docs/decisions/015-who-is-asking-remembered.md). The triggers of migration 0021 announce a change
-- of a session or a membership to every node, but a notification arrives after the COMMIT, also at
-- the node that made the change: a request it answered in that moment still saw the old role. Each
-- trigger now also notes what it announced in the transaction's own setting hireloop.auth_changes
-- (one announcement a line); the app reads it with its COMMIT and forgets those at once
-- (db/organisation-transaction.ts).
CREATE OR REPLACE FUNCTION hireloop_note_auth_change(announcement text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hireloop_auth', announcement);
  PERFORM set_config('hireloop.auth_changes', coalesce(current_setting('hireloop.auth_changes', true), '') || announcement || E'\n', true);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION hireloop_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hireloop_note_auth_change('s:' || OLD.token_hash);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION hireloop_membership_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM hireloop_note_auth_change('u:' || OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM hireloop_note_auth_change('u:' || NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;
