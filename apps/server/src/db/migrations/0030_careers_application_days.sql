-- The website statistics' applications per role and UTC day, kept up to date
-- (docs/decisions/017-screens-under-row-level-security.md). Counted from career_applications at each
-- request, 30 days read every application through the site in them: at the bench's pace 26,458 rows,
-- 11–13 ms even index-only. A statement trigger with transition tables keeps them per (organisation,
-- role, day), as recruitment_stage_counts (0025): one grouped upsert per statement, in key order.
CREATE TABLE IF NOT EXISTS "careers_application_days" (
  "organisation_id" uuid NOT NULL REFERENCES "organisations"("id") ON DELETE CASCADE,
  "role_id" uuid NOT NULL REFERENCES "job_roles"("id") ON DELETE CASCADE,
  "day" date NOT NULL,
  "applications" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("organisation_id", "day", "role_id")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "careers_application_days_role_idx" ON "careers_application_days" ("role_id");--> statement-breakpoint
ALTER TABLE "careers_application_days" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "careers_application_days" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY IF EXISTS tenant ON "careers_application_days";--> statement-breakpoint
CREATE POLICY tenant ON "careers_application_days" AS PERMISSIVE FOR ALL TO hireloop_app
  USING (organisation_id = (SELECT current_organisation_id()))
  WITH CHECK (organisation_id = (SELECT current_organisation_id()));--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('DROP POLICY IF EXISTS system ON %I', 'careers_application_days');
  EXECUTE format('CREATE POLICY system ON %I AS PERMISSIVE FOR ALL TO %I USING (true) WITH CHECK (true)', 'careers_application_days',
    (SELECT pg_get_userbyid(c.relowner) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relname = 'careers_application_days'));
END
$$;--> statement-breakpoint

-- Rows of an UPDATE that moves no count cancel out and write nothing; a DELETE only lowers existing
-- rows (a role deleted in the same statement took its days with it). Runs with the rights of whoever
-- changed the applications: as hireloop_app the rows it writes are its organisation's.
CREATE OR REPLACE FUNCTION "careers_application_days_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO careers_application_days AS d (organisation_id, role_id, day, applications)
    SELECT n.organisation_id, n.role_id, (n.created_at AT TIME ZONE 'UTC')::date, count(*)
      FROM new_rows n GROUP BY 1, 2, 3 ORDER BY 1, 3, 2
    ON CONFLICT (organisation_id, day, role_id) DO UPDATE SET applications = d.applications + excluded.applications;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO careers_application_days AS d (organisation_id, role_id, day, applications)
    SELECT x.organisation_id, x.role_id, x.day, sum(x.n)
      FROM (SELECT n.organisation_id, n.role_id, (n.created_at AT TIME ZONE 'UTC')::date AS day, 1 AS n FROM new_rows n
            UNION ALL
            SELECT o.organisation_id, o.role_id, (o.created_at AT TIME ZONE 'UTC')::date, -1 FROM old_rows o) x
     GROUP BY 1, 2, 3 HAVING sum(x.n) <> 0 ORDER BY 1, 3, 2
    ON CONFLICT (organisation_id, day, role_id) DO UPDATE SET applications = d.applications + excluded.applications;
  ELSE
    UPDATE careers_application_days d SET applications = d.applications - x.n
      FROM (SELECT o.organisation_id, o.role_id, (o.created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
              FROM old_rows o GROUP BY 1, 2, 3) x
     WHERE d.organisation_id = x.organisation_id AND d.day = x.day AND d.role_id = x.role_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "careers_application_days_insert" ON "career_applications";--> statement-breakpoint
CREATE TRIGGER "careers_application_days_insert" AFTER INSERT ON "career_applications"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "careers_application_days_apply"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "careers_application_days_update" ON "career_applications";--> statement-breakpoint
CREATE TRIGGER "careers_application_days_update" AFTER UPDATE ON "career_applications"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "careers_application_days_apply"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "careers_application_days_delete" ON "career_applications";--> statement-breakpoint
CREATE TRIGGER "careers_application_days_delete" AFTER DELETE ON "career_applications"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "careers_application_days_apply"();--> statement-breakpoint
LOCK TABLE "career_applications" IN SHARE MODE;--> statement-breakpoint
DELETE FROM "careers_application_days";--> statement-breakpoint
INSERT INTO "careers_application_days" (organisation_id, role_id, day, applications)
SELECT a.organisation_id, a.role_id, (a.created_at AT TIME ZONE 'UTC')::date, count(*)
  FROM "career_applications" a GROUP BY 1, 2, 3;
