CREATE INDEX "accessions_name" ON "accessions" USING btree ("germplasm_name");--> statement-breakpoint
CREATE INDEX "accessions_accession_number" ON "accessions" USING btree ("accession_number");--> statement-breakpoint
CREATE INDEX "accessions_created_at" ON "accessions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "accessions_genus_country" ON "accessions" USING btree ("genus","country_of_origin_code");--> statement-breakpoint
CREATE INDEX "accessions_name_key" ON "accessions" USING btree (regexp_replace(lower("germplasm_name"), '[^[:alnum:]]+', '', 'g'));