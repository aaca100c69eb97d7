CREATE TABLE "accessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"germplasm_name" text NOT NULL,
	"accession_number" text,
	"genus" text NOT NULL,
	"species" text,
	"subtaxa" text,
	"pedigree" text,
	"country_of_origin_code" text,
	"institute_code" text,
	"biological_status_of_accession_code" text,
	"synonyms" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cross_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cross_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"project_id" integer NOT NULL,
	"description" text,
	"status" text DEFAULT 'planning' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "experiments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"project_id" integer NOT NULL,
	"site_id" integer,
	"study_type" text NOT NULL,
	"season" text,
	"year" integer,
	"design_type" text,
	"start_date" date,
	"end_date" date,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "file_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"extensions" text[] NOT NULL,
	"mime_type" text NOT NULL,
	"description" text,
	"required_columns" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planned_crosses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "planned_crosses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cross_plan_id" integer NOT NULL,
	"female_parent_id" integer NOT NULL,
	"male_parent_id" integer,
	"cross_type" text NOT NULL,
	"number_of_crosses" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'TODO' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "projects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text,
	"lead_name" text,
	"start_date" date,
	"end_date" date,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"location_name" text NOT NULL,
	"abbreviation" text,
	"location_type" text NOT NULL,
	"country_code" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"elevation" double precision,
	"institute_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cross_plans" ADD CONSTRAINT "cross_plans_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planned_crosses" ADD CONSTRAINT "planned_crosses_cross_plan_id_cross_plans_id_fk" FOREIGN KEY ("cross_plan_id") REFERENCES "public"."cross_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planned_crosses" ADD CONSTRAINT "planned_crosses_female_parent_id_accessions_id_fk" FOREIGN KEY ("female_parent_id") REFERENCES "public"."accessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planned_crosses" ADD CONSTRAINT "planned_crosses_male_parent_id_accessions_id_fk" FOREIGN KEY ("male_parent_id") REFERENCES "public"."accessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accessions_name_unique" ON "accessions" USING btree (lower("germplasm_name"));--> statement-breakpoint
CREATE INDEX "accessions_genus_species" ON "accessions" USING btree ("genus","species");--> statement-breakpoint
CREATE INDEX "accessions_country" ON "accessions" USING btree ("country_of_origin_code");--> statement-breakpoint
CREATE INDEX "accessions_status" ON "accessions" USING btree ("biological_status_of_accession_code");--> statement-breakpoint
CREATE UNIQUE INDEX "cross_plans_name_unique" ON "cross_plans" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "cross_plans_project" ON "cross_plans" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "experiments_name_unique" ON "experiments" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "experiments_project" ON "experiments" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "experiments_site" ON "experiments" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "file_types_name_unique" ON "file_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "planned_crosses_plan" ON "planned_crosses" USING btree ("cross_plan_id");--> statement-breakpoint
CREATE INDEX "planned_crosses_female" ON "planned_crosses" USING btree ("female_parent_id");--> statement-breakpoint
CREATE INDEX "planned_crosses_male" ON "planned_crosses" USING btree ("male_parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_name_unique" ON "projects" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "sites_name_unique" ON "sites" USING btree (lower("location_name"));--> statement-breakpoint
CREATE INDEX "sites_country" ON "sites" USING btree ("country_code");