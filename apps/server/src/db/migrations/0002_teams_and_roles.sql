CREATE TABLE "team_members" (
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'team' NOT NULL,
	"description" text,
	"contact_name" text,
	"contact_email" text,
	"contact_phone" text,
	"logo_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_kind_check" CHECK ("teams"."kind" in ('team', 'client'))
);
--> statement-breakpoint
ALTER TABLE "job_roles" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "job_roles" ADD COLUMN "experience_level_id" uuid;--> statement-breakpoint
ALTER TABLE "job_roles" ADD COLUMN "location_type" text DEFAULT 'on_site' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_roles" ADD COLUMN "location" text;--> statement-breakpoint
ALTER TABLE "job_roles" ADD COLUMN "employment_type" text DEFAULT 'full_time' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_roles" ADD COLUMN "salary_min" integer;--> statement-breakpoint
ALTER TABLE "job_roles" ADD COLUMN "salary_max" integer;--> statement-breakpoint
ALTER TABLE "job_roles" ADD COLUMN "salary_currency" text;--> statement-breakpoint
ALTER TABLE "job_roles" ADD COLUMN "salary_period" text DEFAULT 'year' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_roles" ADD COLUMN "description_html" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_roles" ADD COLUMN "status" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_roles" ADD COLUMN "published" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "job_roles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_members_user_idx" ON "team_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "teams_organisation_idx" ON "teams" USING btree ("organisation_id","name");--> statement-breakpoint
ALTER TABLE "job_roles" ADD CONSTRAINT "job_roles_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_roles" ADD CONSTRAINT "job_roles_experience_level_id_experience_levels_id_fk" FOREIGN KEY ("experience_level_id") REFERENCES "public"."experience_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_roles_team_idx" ON "job_roles" USING btree ("team_id");--> statement-breakpoint
ALTER TABLE "job_roles" ADD CONSTRAINT "job_roles_status_check" CHECK ("job_roles"."status" in ('draft', 'open', 'closed'));--> statement-breakpoint
ALTER TABLE "job_roles" ADD CONSTRAINT "job_roles_location_type_check" CHECK ("job_roles"."location_type" in ('remote', 'hybrid', 'on_site'));--> statement-breakpoint
ALTER TABLE "job_roles" ADD CONSTRAINT "job_roles_employment_type_check" CHECK ("job_roles"."employment_type" in ('full_time', 'part_time', 'contract', 'temporary', 'internship'));--> statement-breakpoint
ALTER TABLE "job_roles" ADD CONSTRAINT "job_roles_salary_check" CHECK ("job_roles"."salary_min" is null or "job_roles"."salary_max" is null or "job_roles"."salary_min" <= "job_roles"."salary_max");