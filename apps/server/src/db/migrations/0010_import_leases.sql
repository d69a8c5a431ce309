-- Candidate imports are claimed with a lease so that several app nodes can share the work: the
-- node processing an import writes its id into locked_by and renews heartbeat_at while it runs;
-- another node takes an import over only once its heartbeat is older than the lease, and resumes
-- it from processed_rows (committed with each batch). The upload is kept in the file store under
-- file_key until the import ends, so that any node can read it again; actor_name is who started it.
ALTER TABLE "candidate_imports" ADD COLUMN IF NOT EXISTS "locked_by" text;--> statement-breakpoint
ALTER TABLE "candidate_imports" ADD COLUMN IF NOT EXISTS "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "candidate_imports" ADD COLUMN IF NOT EXISTS "file_key" text;--> statement-breakpoint
ALTER TABLE "candidate_imports" ADD COLUMN IF NOT EXISTS "actor_name" text;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "candidate_imports_unfinished_idx" ON "candidate_imports" ("heartbeat_at") WHERE "status" IN ('pending', 'running');
