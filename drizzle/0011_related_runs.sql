ALTER TABLE "runs" ADD COLUMN "related_run_id" integer;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "relation" text;--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_related_run_id_runs_id_fk" FOREIGN KEY ("related_run_id") REFERENCES "public"."runs"("id") ON DELETE set null ON UPDATE no action;