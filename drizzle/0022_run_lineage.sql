CREATE TABLE "run_inputs" (
	"run_id" integer NOT NULL,
	"parameter" text NOT NULL,
	"file_id" integer,
	"fileset_id" integer,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "run_inputs_run_id_parameter_pk" PRIMARY KEY("run_id","parameter")
);
--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "engine_version" text;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "commit_id" text;--> statement-breakpoint
ALTER TABLE "run_inputs" ADD CONSTRAINT "run_inputs_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_inputs" ADD CONSTRAINT "run_inputs_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_inputs" ADD CONSTRAINT "run_inputs_fileset_id_filesets_id_fk" FOREIGN KEY ("fileset_id") REFERENCES "public"."filesets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "run_inputs_file" ON "run_inputs" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "run_inputs_fileset" ON "run_inputs" USING btree ("fileset_id");
--> statement-breakpoint
CREATE INDEX "runs_related_run" ON "runs" USING btree ("related_run_id");
