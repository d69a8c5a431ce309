-- Tenancy enforced by PostgreSQL itself (docs/decisions/011-row-level-security.md).
-- Organisation-scoped requests run as the role hireloop_app with `app.organisation_id` set for their
-- transaction (db/organisation-transaction.ts); row-level security then shows and accepts only that
-- organisation's rows, whatever a query's WHERE clause says. Unset → NULL → no rows (fail closed).
-- The tables' owner (the connection's own role: migrations, sign-in, public pages, periodic jobs,
-- the outbox worker) passes the `system` policy as before; any other role sees nothing.

-- The role scoped requests switch to. It owns nothing and cannot log in. Roles are the cluster's:
-- another database on this server (or a parallel run) may have created it first.
DO $$
DECLARE
  -- PostgreSQL 16 separates being a member from being allowed to SET ROLE.
  needed text := CASE WHEN current_setting('server_version_num')::int >= 160000 THEN 'SET' ELSE 'MEMBER' END;
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'hireloop_app') THEN
    BEGIN
      CREATE ROLE hireloop_app NOLOGIN;
    EXCEPTION
      WHEN duplicate_object OR unique_violation THEN NULL;
      WHEN insufficient_privilege THEN
        RAISE EXCEPTION 'The database user % may not create roles. As an administrator, run: CREATE ROLE hireloop_app NOLOGIN; GRANT hireloop_app TO %; then start Hireloop again.', current_user, current_user;
    END;
  END IF;
  -- The app's connection must be allowed to `SET LOCAL ROLE hireloop_app` (a superuser already may).
  IF NOT pg_has_role(current_user, 'hireloop_app', needed) THEN
    BEGIN
      EXECUTE format('GRANT hireloop_app TO %I', current_user);
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE EXCEPTION 'The database user % may not take the role hireloop_app. As an administrator, run: GRANT hireloop_app TO %; then start Hireloop again.', current_user, current_user;
    END;
  END IF;
END
$$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO hireloop_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO hireloop_app;--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO hireloop_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO hireloop_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO hireloop_app;--> statement-breakpoint

-- The organisation of the current transaction: NULL when none is set (so no row matches).
-- A plain SQL function: inlined into the policies.
CREATE OR REPLACE FUNCTION "current_organisation_id"() RETURNS uuid
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT nullif(current_setting('app.organisation_id', true), '')::uuid $$;--> statement-breakpoint

-- Tables with an organisation_id column: the row's organisation must be the transaction's.
-- `(SELECT …)` is evaluated once per query (an InitPlan), not once per row.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'activities', 'api_keys', 'application_stage_changes', 'applications', 'audit_log',
    'candidate_files', 'candidate_imports', 'candidate_notes', 'candidates', 'career_applications',
    'career_questions', 'careers_page_views', 'careers_sites', 'experience_levels', 'hire_documents',
    'hire_tasks', 'hires', 'interview_types', 'interviews', 'invitations', 'job_roles', 'memberships',
    'notifications', 'offer_letter_templates', 'offers', 'onboarding_stages', 'onboarding_templates',
    'onboardings', 'recruitment_statuses', 'recruitments', 'scorecards', 'stored_files', 'teams'
  ] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('DROP POLICY IF EXISTS tenant ON %I', t);
    EXECUTE format(
      'CREATE POLICY tenant ON %I AS PERMISSIVE FOR ALL TO hireloop_app '
      'USING (organisation_id = (SELECT current_organisation_id())) '
      'WITH CHECK (organisation_id = (SELECT current_organisation_id()))', t);
  END LOOP;
END
$$;--> statement-breakpoint

-- The organisation itself: its own row only.
ALTER TABLE "organisations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "organisations" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY IF EXISTS tenant ON "organisations";--> statement-breakpoint
CREATE POLICY tenant ON "organisations" AS PERMISSIVE FOR ALL TO hireloop_app
  USING (id = (SELECT current_organisation_id()))
  WITH CHECK (id = (SELECT current_organisation_id()));--> statement-breakpoint

-- Tables that belong to an organisation through their parent row: the parent must be the
-- transaction's organisation's (the parent's own policy applies inside the subquery too).
DO $$
DECLARE
  c record;
BEGIN
  FOR c IN SELECT * FROM (VALUES
    ('interview_interviewers', 'interviews', 'interview_id'),
    ('offer_approvals', 'offers', 'offer_id'),
    ('recruitment_members', 'recruitments', 'recruitment_id'),
    ('team_members', 'teams', 'team_id')
  ) AS v(child, parent, fk) LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', c.child);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', c.child);
    EXECUTE format('DROP POLICY IF EXISTS tenant ON %I', c.child);
    EXECUTE format(
      'CREATE POLICY tenant ON %1$I AS PERMISSIVE FOR ALL TO hireloop_app '
      'USING (EXISTS (SELECT 1 FROM %2$I p WHERE p.id = %1$I.%3$I AND p.organisation_id = (SELECT current_organisation_id()))) '
      'WITH CHECK (EXISTS (SELECT 1 FROM %2$I p WHERE p.id = %1$I.%3$I AND p.organisation_id = (SELECT current_organisation_id())))',
      c.child, c.parent, c.fk);
  END LOOP;
END
$$;--> statement-breakpoint

-- The table's owner (the role that runs the migrations and the app's system paths: sign-in, public
-- pages, periodic jobs, the outbox worker) sees and writes every row, as before. FORCE makes the
-- owner subject to row-level security; `USING (true)` adds no condition to its queries, so their
-- plans (trigram index searches included) stay as they were. A superuser bypasses it anyway.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT c.relname, pg_get_userbyid(c.relowner) AS owner FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relrowsecurity LOOP
    EXECUTE format('DROP POLICY IF EXISTS system ON %I', t.relname);
    EXECUTE format('CREATE POLICY system ON %I AS PERMISSIVE FOR ALL TO %I USING (true) WITH CHECK (true)', t.relname, t.owner);
  END LOOP;
END
$$;
