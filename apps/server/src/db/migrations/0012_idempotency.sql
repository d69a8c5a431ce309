-- A note create may carry a client-chosen key: a repeated create with the same key (a double
-- click, a retry) finds the note already made instead of making a second one. Unique per
-- organisation; notes without a key (NULL) are not constrained.
ALTER TABLE "candidate_notes" ADD COLUMN IF NOT EXISTS "client_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "candidate_notes_client_id_idx" ON "candidate_notes" ("organisation_id", "client_id");
