-- The dashboard's "new this week" and "moved this week" per recruitment, kept by day
-- (docs/decisions/017-screens-under-row-level-security.md). Counted from the indexes (0020, 0025)
-- they read one index entry per application and move of the week: on the bench's 100,000
-- candidates 18,750 and 21,450 entries, 6–9 ms of the dashboard's one statement, growing with the
-- organisation's pace. Kept per (recruitment, UTC day) by statement triggers with transition tables,
-- as recruitment_stage_counts (0025): the week is the days after the one a week ago began in, read
-- from here (8 rows a recruitment), plus that first day's part from the index.
CREATE TABLE IF NOT EXISTS "recruitment_day_figures" (
  "organisation_id" uuid NOT NULL REFERENCES "organisations"("id") ON DELETE CASCADE,
  "recruitment_id" uuid NOT NULL REFERENCES "recruitments"("id") ON DELETE CASCADE,
  "day" date NOT NULL,
  -- Applications of the recruitment with applied_at on that day.
  "applied" integer NOT NULL DEFAULT 0,
  -- Moves between stages (from_status_id set: not an application's first entry) with moved_at on that day.
  "moved" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("recruitment_id", "day")
);--> statement-breakpoint
ALTER TABLE "recruitment_day_figures" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "recruitment_day_figures" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY IF EXISTS tenant ON "recruitment_day_figures";--> statement-breakpoint
CREATE POLICY tenant ON "recruitment_day_figures" AS PERMISSIVE FOR ALL TO hireloop_app
  USING (organisation_id = (SELECT current_organisation_id()))
  WITH CHECK (organisation_id = (SELECT current_organisation_id()));--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('DROP POLICY IF EXISTS system ON %I', 'recruitment_day_figures');
  EXECUTE format('CREATE POLICY system ON %I AS PERMISSIVE FOR ALL TO %I USING (true) WITH CHECK (true)', 'recruitment_day_figures',
    (SELECT pg_get_userbyid(c.relowner) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relname = 'recruitment_day_figures'));
END
$$;--> statement-breakpoint

-- Each function adds its table's changed rows, one grouped upsert per statement (an import batch of
-- 500 is one) in key order, so two writers take the rows' locks in the same order. The rows of an
-- UPDATE that changes no figure (a rating, the application's own stage move) cancel out and write
-- nothing. A DELETE only lowers existing rows: a recruitment deleted in the same statement took its
-- figures with it. They run with the rights of whoever changed the rows: as hireloop_app the figures
-- written are its organisation's, which the tenant policy checks.
CREATE OR REPLACE FUNCTION "recruitment_day_figures_applied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO recruitment_day_figures AS f (organisation_id, recruitment_id, day, applied)
    SELECT n.organisation_id, n.recruitment_id, (n.applied_at AT TIME ZONE 'UTC')::date, count(*)
      FROM new_rows n GROUP BY 1, 2, 3 ORDER BY 2, 3
    ON CONFLICT (recruitment_id, day) DO UPDATE SET applied = f.applied + excluded.applied;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO recruitment_day_figures AS f (organisation_id, recruitment_id, day, applied)
    SELECT d.organisation_id, d.recruitment_id, d.day, sum(d.n)
      FROM (SELECT n.organisation_id, n.recruitment_id, (n.applied_at AT TIME ZONE 'UTC')::date AS day, 1 AS n FROM new_rows n
            UNION ALL
            SELECT o.organisation_id, o.recruitment_id, (o.applied_at AT TIME ZONE 'UTC')::date, -1 FROM old_rows o) d
     GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 ORDER BY 2, 3
    ON CONFLICT (recruitment_id, day) DO UPDATE SET applied = f.applied + excluded.applied;
  ELSE
    UPDATE recruitment_day_figures f SET applied = f.applied - d.n
      FROM (SELECT o.recruitment_id, (o.applied_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
              FROM old_rows o GROUP BY 1, 2) d
     WHERE f.recruitment_id = d.recruitment_id AND f.day = d.day;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "recruitment_day_figures_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO recruitment_day_figures AS f (organisation_id, recruitment_id, day, moved)
    SELECT n.organisation_id, n.recruitment_id, (n.moved_at AT TIME ZONE 'UTC')::date, count(*)
      FROM new_rows n WHERE n.from_status_id IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 2, 3
    ON CONFLICT (recruitment_id, day) DO UPDATE SET moved = f.moved + excluded.moved;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO recruitment_day_figures AS f (organisation_id, recruitment_id, day, moved)
    SELECT d.organisation_id, d.recruitment_id, d.day, sum(d.n)
      FROM (SELECT n.organisation_id, n.recruitment_id, (n.moved_at AT TIME ZONE 'UTC')::date AS day, 1 AS n FROM new_rows n WHERE n.from_status_id IS NOT NULL
            UNION ALL
            SELECT o.organisation_id, o.recruitment_id, (o.moved_at AT TIME ZONE 'UTC')::date, -1 FROM old_rows o WHERE o.from_status_id IS NOT NULL) d
     GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 ORDER BY 2, 3
    ON CONFLICT (recruitment_id, day) DO UPDATE SET moved = f.moved + excluded.moved;
  ELSE
    UPDATE recruitment_day_figures f SET moved = f.moved - d.n
      FROM (SELECT o.recruitment_id, (o.moved_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
              FROM old_rows o WHERE o.from_status_id IS NOT NULL GROUP BY 1, 2) d
     WHERE f.recruitment_id = d.recruitment_id AND f.day = d.day;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "recruitment_day_figures_insert" ON "applications";--> statement-breakpoint
CREATE TRIGGER "recruitment_day_figures_insert" AFTER INSERT ON "applications"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "recruitment_day_figures_applied"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "recruitment_day_figures_update" ON "applications";--> statement-breakpoint
CREATE TRIGGER "recruitment_day_figures_update" AFTER UPDATE ON "applications"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "recruitment_day_figures_applied"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "recruitment_day_figures_delete" ON "applications";--> statement-breakpoint
CREATE TRIGGER "recruitment_day_figures_delete" AFTER DELETE ON "applications"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "recruitment_day_figures_applied"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "recruitment_day_figures_insert" ON "application_stage_changes";--> statement-breakpoint
CREATE TRIGGER "recruitment_day_figures_insert" AFTER INSERT ON "application_stage_changes"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "recruitment_day_figures_moved"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "recruitment_day_figures_update" ON "application_stage_changes";--> statement-breakpoint
CREATE TRIGGER "recruitment_day_figures_update" AFTER UPDATE ON "application_stage_changes"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "recruitment_day_figures_moved"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "recruitment_day_figures_delete" ON "application_stage_changes";--> statement-breakpoint
CREATE TRIGGER "recruitment_day_figures_delete" AFTER DELETE ON "application_stage_changes"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "recruitment_day_figures_moved"();--> statement-breakpoint
-- What is already there (the locks keep a concurrent change from slipping between).
LOCK TABLE "applications", "application_stage_changes" IN SHARE MODE;--> statement-breakpoint
DELETE FROM "recruitment_day_figures";--> statement-breakpoint
INSERT INTO "recruitment_day_figures" (organisation_id, recruitment_id, day, applied, moved)
SELECT x.organisation_id, x.recruitment_id, x.day, sum(x.applied), sum(x.moved)
  FROM (SELECT a.organisation_id, a.recruitment_id, (a.applied_at AT TIME ZONE 'UTC')::date AS day, 1 AS applied, 0 AS moved
          FROM "applications" a
        UNION ALL
        SELECT m.organisation_id, m.recruitment_id, (m.moved_at AT TIME ZONE 'UTC')::date, 0, 1
          FROM "application_stage_changes" m WHERE m.from_status_id IS NOT NULL) x
 GROUP BY 1, 2, 3;
