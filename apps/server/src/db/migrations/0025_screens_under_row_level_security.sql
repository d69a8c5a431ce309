-- The aggregating screens under row-level security (docs/decisions/017-screens-under-row-level-security.md).
--
-- Applications per recruitment and status, kept up to date: the dashboard, the recruitments list's
-- pipeline bars, a recruitment's header and its analytics counted them from the applications at every
-- request, and as hireloop_app every counted row is fetched to check the tenant policy. At 100,000
-- applications a head recruiter's dashboard read them all (3,950 buffers, a 100,000-row sort spilled
-- to disk, 88 ms for that one query). Statement triggers with transition tables keep the counts: one
-- grouped upsert per statement (an import batch of 500 rows is one), in key order, so two writers
-- take the rows' locks in the same order.
CREATE TABLE IF NOT EXISTS "recruitment_stage_counts" (
  "organisation_id" uuid NOT NULL REFERENCES "organisations"("id") ON DELETE CASCADE,
  "recruitment_id" uuid NOT NULL REFERENCES "recruitments"("id") ON DELETE CASCADE,
  "status_id" uuid NOT NULL REFERENCES "recruitment_statuses"("id") ON DELETE CASCADE,
  "active" integer NOT NULL DEFAULT 0,
  "rejected" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("recruitment_id", "status_id")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "recruitment_stage_counts_status_idx" ON "recruitment_stage_counts" ("status_id");--> statement-breakpoint
ALTER TABLE "recruitment_stage_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "recruitment_stage_counts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY IF EXISTS tenant ON "recruitment_stage_counts";--> statement-breakpoint
CREATE POLICY tenant ON "recruitment_stage_counts" AS PERMISSIVE FOR ALL TO hireloop_app
  USING (organisation_id = (SELECT current_organisation_id()))
  WITH CHECK (organisation_id = (SELECT current_organisation_id()));--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('DROP POLICY IF EXISTS system ON %I', 'recruitment_stage_counts');
  EXECUTE format('CREATE POLICY system ON %I AS PERMISSIVE FOR ALL TO %I USING (true) WITH CHECK (true)', 'recruitment_stage_counts',
    (SELECT pg_get_userbyid(c.relowner) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relname = 'recruitment_stage_counts'));
END
$$;--> statement-breakpoint

-- Runs with the rights of whoever changed the applications: as hireloop_app the rows it writes are
-- its organisation's (the applications' own), which the tenant policy checks.
CREATE OR REPLACE FUNCTION "recruitment_stage_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO recruitment_stage_counts AS c (organisation_id, recruitment_id, status_id, active, rejected)
    SELECT n.organisation_id, n.recruitment_id, n.status_id,
           count(*) FILTER (WHERE n.rejected_at IS NULL), count(*) FILTER (WHERE n.rejected_at IS NOT NULL)
      FROM new_rows n GROUP BY 1, 2, 3 ORDER BY 2, 3
    ON CONFLICT (recruitment_id, status_id) DO UPDATE SET active = c.active + excluded.active, rejected = c.rejected + excluded.rejected;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO recruitment_stage_counts AS c (organisation_id, recruitment_id, status_id, active, rejected)
    SELECT d.organisation_id, d.recruitment_id, d.status_id, sum(d.active), sum(d.rejected)
      FROM (SELECT n.organisation_id, n.recruitment_id, n.status_id,
                   (n.rejected_at IS NULL)::int AS active, (n.rejected_at IS NOT NULL)::int AS rejected FROM new_rows n
            UNION ALL
            SELECT o.organisation_id, o.recruitment_id, o.status_id,
                   -(o.rejected_at IS NULL)::int, -(o.rejected_at IS NOT NULL)::int FROM old_rows o) d
     GROUP BY 1, 2, 3 HAVING sum(d.active) <> 0 OR sum(d.rejected) <> 0 ORDER BY 2, 3
    ON CONFLICT (recruitment_id, status_id) DO UPDATE SET active = c.active + excluded.active, rejected = c.rejected + excluded.rejected;
  ELSE
    -- Only existing rows: a recruitment or status deleted in the same statement took its counts with it.
    UPDATE recruitment_stage_counts c SET active = c.active - d.active, rejected = c.rejected - d.rejected
      FROM (SELECT o.recruitment_id, o.status_id,
                   count(*) FILTER (WHERE o.rejected_at IS NULL) AS active, count(*) FILTER (WHERE o.rejected_at IS NOT NULL) AS rejected
              FROM old_rows o GROUP BY 1, 2) d
     WHERE c.recruitment_id = d.recruitment_id AND c.status_id = d.status_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "recruitment_stage_counts_insert" ON "applications";--> statement-breakpoint
CREATE TRIGGER "recruitment_stage_counts_insert" AFTER INSERT ON "applications"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "recruitment_stage_counts_apply"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "recruitment_stage_counts_update" ON "applications";--> statement-breakpoint
CREATE TRIGGER "recruitment_stage_counts_update" AFTER UPDATE ON "applications"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "recruitment_stage_counts_apply"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "recruitment_stage_counts_delete" ON "applications";--> statement-breakpoint
CREATE TRIGGER "recruitment_stage_counts_delete" AFTER DELETE ON "applications"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "recruitment_stage_counts_apply"();--> statement-breakpoint
-- The applications already there (the lock keeps a concurrent change from slipping between).
LOCK TABLE "applications" IN SHARE MODE;--> statement-breakpoint
DELETE FROM "recruitment_stage_counts";--> statement-breakpoint
INSERT INTO "recruitment_stage_counts" (organisation_id, recruitment_id, status_id, active, rejected)
SELECT a.organisation_id, a.recruitment_id, a.status_id,
       count(*) FILTER (WHERE a.rejected_at IS NULL), count(*) FILTER (WHERE a.rejected_at IS NOT NULL)
  FROM "applications" a GROUP BY 1, 2, 3;--> statement-breakpoint

-- The dashboard's moves this week (not an application's first entry): the index answers the count
-- and the policy on its own (organisation_id included), without fetching each move.
CREATE INDEX IF NOT EXISTS "application_stage_changes_moves_idx" ON "application_stage_changes" ("recruitment_id", "moved_at")
  INCLUDE ("organisation_id") WHERE "from_status_id" IS NOT NULL;--> statement-breakpoint

-- The latest activity in full order (created_at, then id): a bulk change writes many entries with one
-- created_at, and without id in the index every one of them was read, joined and sorted first.
DROP INDEX IF EXISTS "activities_organisation_idx";--> statement-breakpoint
CREATE INDEX "activities_organisation_idx" ON "activities" ("organisation_id", "created_at", "id");
