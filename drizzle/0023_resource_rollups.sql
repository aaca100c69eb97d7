CREATE TABLE "run_usage_rollups" (
	"run_id" integer PRIMARY KEY NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "run_process_usage" (
	"run_id" integer NOT NULL,
	"process" text NOT NULL,
	"tasks_ok" integer NOT NULL,
	"killed_memory" integer NOT NULL,
	"killed_time" integer NOT NULL,
	"cores_max" double precision,
	"peak_max" double precision,
	"realtime_max" double precision,
	"killed_peak_max" double precision,
	"req_cpus_max" double precision,
	"req_memory_max" double precision,
	"req_time_max" double precision,
	"input_min" double precision,
	"input_max" double precision,
	"fit_n" integer NOT NULL,
	"fit_sx" double precision,
	"fit_sy" double precision,
	"fit_sxx" double precision,
	"fit_sxy" double precision,
	"fit_syy" double precision,
	"cpu_req_hours" double precision,
	"cpu_req_realtime" double precision,
	"gb_req_hours" double precision,
	"memory_req_realtime" double precision,
	CONSTRAINT "run_process_usage_run_id_process_pk" PRIMARY KEY("run_id","process")
);
--> statement-breakpoint
CREATE TABLE "run_usage_slots" (
	"run_id" integer NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"cpu_ms" double precision NOT NULL,
	"gb_ms" double precision NOT NULL,
	CONSTRAINT "run_usage_slots_run_id_slot_pk" PRIMARY KEY("run_id","slot")
);
--> statement-breakpoint
ALTER TABLE "run_usage_rollups" ADD CONSTRAINT "run_usage_rollups_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_process_usage" ADD CONSTRAINT "run_process_usage_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_usage_slots" ADD CONSTRAINT "run_usage_slots_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "run_usage_slots_slot" ON "run_usage_slots" USING btree ("slot");
