-- Candidate search: ILIKE '%term%' on name and email served by trigram indexes (pg_trgm, enabled in 0003).
CREATE INDEX IF NOT EXISTS "candidates_name_trgm_idx" ON "candidates" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "candidates_email_trgm_idx" ON "candidates" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_tags_idx" ON "applications" USING gin ("tags");
