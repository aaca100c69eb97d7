CREATE TABLE "mlflow_metric_histories" (
	"tracked_run_id" integer NOT NULL,
	"key" text NOT NULL,
	"points" integer NOT NULL,
	"history" jsonb NOT NULL,
	CONSTRAINT "mlflow_metric_histories_tracked_run_id_key_pk" PRIMARY KEY("tracked_run_id","key")
);
--> statement-breakpoint
CREATE TABLE "mlflow_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mlflow_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tracking_uri" text NOT NULL,
	"mlflow_run_id" text NOT NULL,
	"experiment_id" text,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"mlflow_user" text,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"artifact_uri" text,
	"params" jsonb NOT NULL,
	"tags" jsonb NOT NULL,
	"latest_metrics" jsonb NOT NULL,
	"run_id" integer,
	"refresh_while_running" boolean DEFAULT true NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refresh_error" text,
	"refresh_claimed_at" timestamp with time zone,
	"deleted_in_mlflow_at" timestamp with time zone,
	"tracked_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mlflow_metric_histories" ADD CONSTRAINT "mlflow_metric_histories_tracked_run_id_mlflow_runs_id_fk" FOREIGN KEY ("tracked_run_id") REFERENCES "public"."mlflow_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mlflow_runs" ADD CONSTRAINT "mlflow_runs_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mlflow_runs" ADD CONSTRAINT "mlflow_runs_tracked_by_id_users_id_fk" FOREIGN KEY ("tracked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mlflow_runs_server_run_unique" ON "mlflow_runs" USING btree ("tracking_uri","mlflow_run_id");--> statement-breakpoint
CREATE INDEX "mlflow_runs_run" ON "mlflow_runs" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "mlflow_runs_tracked_at" ON "mlflow_runs" USING btree ("created_at");