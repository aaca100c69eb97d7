CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fileset_files" (
	"fileset_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fileset_files_fileset_id_file_id_pk" PRIMARY KEY("fileset_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "filesets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "filesets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text,
	"project_id" integer,
	"experiment_id" integer,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "files_storage_path_unique";--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "location" text DEFAULT 'local' NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "experiment_id" integer;--> statement-breakpoint
ALTER TABLE "fileset_files" ADD CONSTRAINT "fileset_files_fileset_id_filesets_id_fk" FOREIGN KEY ("fileset_id") REFERENCES "public"."filesets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fileset_files" ADD CONSTRAINT "fileset_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filesets" ADD CONSTRAINT "filesets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filesets" ADD CONSTRAINT "filesets_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filesets" ADD CONSTRAINT "filesets_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fileset_files_file" ON "fileset_files" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "filesets_name_unique" ON "filesets" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "filesets_project" ON "filesets" USING btree ("project_id");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_sha256" ON "files" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "files_created" ON "files" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "files_storage_path_unique" ON "files" USING btree ("location","storage_path");