-- A recruitment's analytics under row-level security (docs/decisions/017-screens-under-row-level-security.md).
-- As hireloop_app every row a query reads is checked against the tenant policy, so an index without
-- organisation_id makes it fetch each row from the table, and a recruitment's applications and moves
-- lie on as many pages as there are rows (they arrive among every other recruitment's). Measured on
-- the bench's 100,000 candidates (2,000 applications and 3,800 moves in the recruitment): the funnel
-- read 4,094 buffers, the rejection reasons 2,088 to find none. These indexes answer each of the
-- analytics' statements, and the policy, on their own (index-only once vacuumed).
-- The funnel's current stage per application and the sources (with hired: status and rejection).
CREATE INDEX IF NOT EXISTS "applications_analytics_idx" ON "applications" ("recruitment_id", "status_id")
  INCLUDE ("organisation_id", "id", "source", "rejected_at");--> statement-breakpoint
-- The rejection reasons: only rejected applications.
CREATE INDEX IF NOT EXISTS "applications_rejected_idx" ON "applications" ("recruitment_id")
  INCLUDE ("organisation_id", "rejection_reason") WHERE "rejected_at" IS NOT NULL;--> statement-breakpoint
-- The stage history in the order the time in stage walks it (per application, by time).
CREATE INDEX IF NOT EXISTS "application_stage_changes_history_idx" ON "application_stage_changes" ("recruitment_id", "application_id", "moved_at", "id")
  INCLUDE ("organisation_id", "to_status_id");
