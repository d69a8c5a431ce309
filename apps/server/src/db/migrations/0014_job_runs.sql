-- Periodic jobs run once per period across app nodes (jobs/periodic.ts): each job's last run.
CREATE TABLE IF NOT EXISTS "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
-- The interview feedback reminder claims each interviewer's row before it notifies them, so two
-- nodes never send it twice. Interviewers reminded before this column existed are recognised by
-- their notification (features/interviews/repository.ts, endedWithoutFeedback).
ALTER TABLE "interview_interviewers" ADD COLUMN IF NOT EXISTS "feedback_due_notified_at" timestamp with time zone;
