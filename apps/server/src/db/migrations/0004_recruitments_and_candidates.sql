CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"candidate_id" uuid,
	"application_id" uuid,
	"recruitment_id" uuid,
	"actor_user_id" uuid,
	"actor_name" text NOT NULL,
	"type" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_stage_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"recruitment_id" uuid NOT NULL,
	"from_status_id" uuid,
	"to_status_id" uuid,
	"moved_by_id" uuid,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"recruitment_id" uuid NOT NULL,
	"status_id" uuid NOT NULL,
	"board_position" double precision DEFAULT 0 NOT NULL,
	"rating" smallint,
	"source" text DEFAULT 'sourced' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"rejected_at" timestamp with time zone,
	"rejection_reason" text,
	"rejected_by_id" uuid,
	"stage_entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hired_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_rating_check" CHECK ("applications"."rating" is null or "applications"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "candidate_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"stored_file_id" uuid NOT NULL,
	"kind" text DEFAULT 'resume' NOT NULL,
	"uploaded_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "candidate_files_kind_check" CHECK ("candidate_files"."kind" in ('resume', 'cover_letter', 'other'))
);
--> statement-breakpoint
CREATE TABLE "candidate_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"recruitment_id" uuid NOT NULL,
	"created_by_id" uuid,
	"filename" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"matched_count" integer DEFAULT 0 NOT NULL,
	"refused" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refused_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "candidate_imports_status_check" CHECK ("candidate_imports"."status" in ('pending', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "candidate_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"application_id" uuid,
	"author_id" uuid,
	"body" text NOT NULL,
	"mentioned_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candidates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"location" text,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text DEFAULT 'sourced' NOT NULL,
	"consent_at" timestamp with time zone,
	"consent_source" text,
	"consent_note" text,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"erased_at" timestamp with time zone,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruitment_members" (
	"recruitment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'interviewer' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recruitment_members_recruitment_id_user_id_pk" PRIMARY KEY("recruitment_id","user_id"),
	CONSTRAINT "recruitment_members_role_check" CHECK ("recruitment_members"."role" in ('recruiter', 'hiring_manager', 'interviewer', 'coordinator'))
);
--> statement-breakpoint
CREATE TABLE "recruitments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'open' NOT NULL,
	"owner_id" uuid,
	"openings" integer DEFAULT 1 NOT NULL,
	"target_date" timestamp with time zone,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recruitments_status_check" CHECK ("recruitments"."status" in ('open', 'on_hold', 'closed')),
	CONSTRAINT "recruitments_openings_check" CHECK ("recruitments"."openings" >= 1)
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_recruitment_id_recruitments_id_fk" FOREIGN KEY ("recruitment_id") REFERENCES "public"."recruitments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_stage_changes" ADD CONSTRAINT "application_stage_changes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_stage_changes" ADD CONSTRAINT "application_stage_changes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_stage_changes" ADD CONSTRAINT "application_stage_changes_recruitment_id_recruitments_id_fk" FOREIGN KEY ("recruitment_id") REFERENCES "public"."recruitments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_stage_changes" ADD CONSTRAINT "application_stage_changes_from_status_id_recruitment_statuses_id_fk" FOREIGN KEY ("from_status_id") REFERENCES "public"."recruitment_statuses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_stage_changes" ADD CONSTRAINT "application_stage_changes_to_status_id_recruitment_statuses_id_fk" FOREIGN KEY ("to_status_id") REFERENCES "public"."recruitment_statuses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_stage_changes" ADD CONSTRAINT "application_stage_changes_moved_by_id_users_id_fk" FOREIGN KEY ("moved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_recruitment_id_recruitments_id_fk" FOREIGN KEY ("recruitment_id") REFERENCES "public"."recruitments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_status_id_recruitment_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."recruitment_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_rejected_by_id_users_id_fk" FOREIGN KEY ("rejected_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_files" ADD CONSTRAINT "candidate_files_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_files" ADD CONSTRAINT "candidate_files_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_files" ADD CONSTRAINT "candidate_files_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_files" ADD CONSTRAINT "candidate_files_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_imports" ADD CONSTRAINT "candidate_imports_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_imports" ADD CONSTRAINT "candidate_imports_recruitment_id_recruitments_id_fk" FOREIGN KEY ("recruitment_id") REFERENCES "public"."recruitments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_imports" ADD CONSTRAINT "candidate_imports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_notes" ADD CONSTRAINT "candidate_notes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_notes" ADD CONSTRAINT "candidate_notes_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_notes" ADD CONSTRAINT "candidate_notes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_notes" ADD CONSTRAINT "candidate_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_members" ADD CONSTRAINT "recruitment_members_recruitment_id_recruitments_id_fk" FOREIGN KEY ("recruitment_id") REFERENCES "public"."recruitments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_members" ADD CONSTRAINT "recruitment_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitments" ADD CONSTRAINT "recruitments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitments" ADD CONSTRAINT "recruitments_role_id_job_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."job_roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitments" ADD CONSTRAINT "recruitments_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_candidate_idx" ON "activities" USING btree ("candidate_id","created_at");--> statement-breakpoint
CREATE INDEX "activities_recruitment_idx" ON "activities" USING btree ("recruitment_id","created_at");--> statement-breakpoint
CREATE INDEX "activities_organisation_idx" ON "activities" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "application_stage_changes_application_idx" ON "application_stage_changes" USING btree ("application_id","moved_at");--> statement-breakpoint
CREATE INDEX "application_stage_changes_recruitment_idx" ON "application_stage_changes" USING btree ("recruitment_id","moved_at");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_recruitment_candidate_idx" ON "applications" USING btree ("recruitment_id","candidate_id");--> statement-breakpoint
CREATE INDEX "applications_board_idx" ON "applications" USING btree ("recruitment_id","status_id","board_position");--> statement-breakpoint
CREATE INDEX "applications_recruitment_applied_idx" ON "applications" USING btree ("recruitment_id","applied_at","id");--> statement-breakpoint
CREATE INDEX "applications_candidate_idx" ON "applications" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "applications_status_idx" ON "applications" USING btree ("status_id");--> statement-breakpoint
CREATE INDEX "applications_organisation_idx" ON "applications" USING btree ("organisation_id","updated_at");--> statement-breakpoint
CREATE INDEX "candidate_files_candidate_idx" ON "candidate_files" USING btree ("candidate_id","created_at");--> statement-breakpoint
CREATE INDEX "candidate_imports_recruitment_idx" ON "candidate_imports" USING btree ("recruitment_id","created_at");--> statement-breakpoint
CREATE INDEX "candidate_notes_candidate_idx" ON "candidate_notes" USING btree ("candidate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "candidates_organisation_email_idx" ON "candidates" USING btree ("organisation_id","email");--> statement-breakpoint
CREATE INDEX "candidates_organisation_name_idx" ON "candidates" USING btree ("organisation_id","name","id");--> statement-breakpoint
CREATE INDEX "candidates_retention_idx" ON "candidates" USING btree ("organisation_id","last_activity_at");--> statement-breakpoint
CREATE INDEX "recruitment_members_user_idx" ON "recruitment_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "recruitments_organisation_idx" ON "recruitments" USING btree ("organisation_id","status","opened_at");--> statement-breakpoint
CREATE INDEX "recruitments_role_idx" ON "recruitments" USING btree ("role_id");