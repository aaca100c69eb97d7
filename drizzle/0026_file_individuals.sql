CREATE TABLE "file_individuals" (
	"file_id" integer NOT NULL,
	"name_lower" text NOT NULL,
	CONSTRAINT "file_individuals_file_id_name_lower_pk" PRIMARY KEY("file_id","name_lower")
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "individuals_indexed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "individuals_problem" text;--> statement-breakpoint
ALTER TABLE "file_individuals" ADD CONSTRAINT "file_individuals_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_individuals_name" ON "file_individuals" USING btree ("name_lower","file_id");--> statement-breakpoint
CREATE INDEX "files_individuals_unindexed" ON "files" USING btree ("id") WHERE "files"."individuals_indexed_at" is null;