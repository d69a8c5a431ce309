-- The search functions that run with the owner's rights (SECURITY DEFINER, migrations 0017, 0018,
-- 0022) are for the app alone (docs/decisions/011-row-level-security.md). PostgreSQL lets every role
-- (PUBLIC) execute a new function, and hireloop_may_read let any role but hireloop_app through: a
-- role with no right on any table (a reporting user on a shared server) read every organisation's
-- candidate names through them. Now only hireloop_app may execute them, besides their owner, and
-- they answer only hireloop_app (for its transaction's organisation) and the owner's own session
-- (the app's unscoped connection, migrations, tools); anyone else, nothing (fail closed).
CREATE OR REPLACE FUNCTION "hireloop_may_read"(p_organisation uuid) RETURNS boolean
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
    SELECT CASE
      WHEN current_setting('role') = 'hireloop_app' THEN coalesce(p_organisation = current_organisation_id(), false)
      -- Inside a definer function current_user is its owner: the caller must have logged in as the owner, with no other role set.
      ELSE current_setting('role') = 'none' AND session_user = current_user
    END
  $$;--> statement-breakpoint
DO $$
DECLARE f regprocedure;
BEGIN
  FOR f IN
    SELECT p.oid::regprocedure FROM pg_proc p
     WHERE p.pronamespace = 'public'::regnamespace AND p.prosecdef AND pg_get_userbyid(p.proowner) = current_user
  LOOP
    EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC', f);
    EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO hireloop_app', f);
  END LOOP;
END
$$;
