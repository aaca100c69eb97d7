CREATE TABLE "experiment_entries" (
	"experiment_id" integer NOT NULL,
	"accession_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "experiment_entries_experiment_id_accession_id_pk" PRIMARY KEY("experiment_id","accession_id")
);
--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "experiment_id" integer;--> statement-breakpoint
ALTER TABLE "experiment_entries" ADD CONSTRAINT "experiment_entries_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment_entries" ADD CONSTRAINT "experiment_entries_accession_id_accessions_id_fk" FOREIGN KEY ("accession_id") REFERENCES "public"."accessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "experiment_entries_accession" ON "experiment_entries" USING btree ("accession_id");--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "runs_experiment" ON "runs" USING btree ("experiment_id");