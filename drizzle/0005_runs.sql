CREATE TABLE "files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"storage_path" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"file_type_id" integer,
	"project_id" integer,
	"run_id" integer,
	"uploaded_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "run_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "run_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "run_tasks" (
	"run_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"process" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"hash" text,
	"exit" integer,
	"submit" bigint,
	"start" bigint,
	"complete" bigint,
	"duration" bigint,
	"realtime" bigint,
	"cpu_percent" double precision,
	"peak_rss" bigint,
	"workdir" text,
	CONSTRAINT "run_tasks_run_id_task_id_pk" PRIMARY KEY("run_id","task_id")
);
--> statement-breakpoint
CREATE TABLE "runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"pipeline_id" text NOT NULL,
	"revision" text NOT NULL,
	"engine" text NOT NULL,
	"status" text DEFAULT 'SUBMITTED' NOT NULL,
	"status_reason" text,
	"params" jsonb NOT NULL,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"group_id" integer,
	"project_id" integer,
	"launched_by_id" integer,
	"run_dir" text NOT NULL,
	"weblog_secret_hash" text NOT NULL,
	"host" text DEFAULT '' NOT NULL,
	"pid" integer,
	"session_id" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"workflow_stats" jsonb
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_file_type_id_file_types_id_fk" FOREIGN KEY ("file_type_id") REFERENCES "public"."file_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_groups" ADD CONSTRAINT "run_groups_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_tasks" ADD CONSTRAINT "run_tasks_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_group_id_run_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."run_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_launched_by_id_users_id_fk" FOREIGN KEY ("launched_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_type" ON "files" USING btree ("file_type_id");--> statement-breakpoint
CREATE INDEX "files_project" ON "files" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "files_run" ON "files" USING btree ("run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "files_storage_path_unique" ON "files" USING btree ("storage_path");--> statement-breakpoint
CREATE UNIQUE INDEX "run_groups_name_unique" ON "run_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "run_tasks_process" ON "run_tasks" USING btree ("run_id","process");--> statement-breakpoint
CREATE INDEX "runs_status" ON "runs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "runs_submitted_at" ON "runs" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "runs_pipeline" ON "runs" USING btree ("pipeline_id");--> statement-breakpoint
CREATE INDEX "runs_group" ON "runs" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "runs_project" ON "runs" USING btree ("project_id");