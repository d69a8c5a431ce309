-- Outbox jobs and dev-mailbox mail remember the candidate they are about, so that erasing the
-- candidate removes them (sent or not); rows written before this have none and are found by
-- their content at erasure. outbox_done_idx serves the purge of old delivered jobs.
ALTER TABLE "dev_mailbox" ADD COLUMN "candidate_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "candidate_id" uuid;--> statement-breakpoint
CREATE INDEX "dev_mailbox_candidate_idx" ON "dev_mailbox" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "outbox_candidate_idx" ON "outbox" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "outbox_done_idx" ON "outbox" USING btree ("status","done_at");
