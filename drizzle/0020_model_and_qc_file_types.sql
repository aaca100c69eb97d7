-- Models say which pipeline wrote them, and Process Spectra's QC table is not a spectra CSV (pickers
-- offered spectra_model.json as a genomic model and qc/*.spectra_qc.csv as spectra to process).
-- Added where file types were seeded before they existed; the outputs already stored take them.
INSERT INTO "file_types" ("name", "extensions", "mime_type", "description", "required_columns")
SELECT 'GDIP model', ARRAY['gdip_model.json'], 'application/json', 'A genomic prediction model written by GDIP (models/gdip_model.json), applied by Make GDIP Predictions.', ARRAY[]::text[]
WHERE EXISTS (SELECT 1 FROM "file_types") AND NOT EXISTS (SELECT 1 FROM "file_types" WHERE lower("name") = 'gdip model');
--> statement-breakpoint
INSERT INTO "file_types" ("name", "extensions", "mime_type", "description", "required_columns")
SELECT 'Auto Train model', ARRAY['auto_train_model.json'], 'application/json', 'The genomic prediction models Auto Train chose per trait (models/auto_train_model.json), applied by Make GDIP Predictions.', ARRAY[]::text[]
WHERE EXISTS (SELECT 1 FROM "file_types") AND NOT EXISTS (SELECT 1 FROM "file_types" WHERE lower("name") = 'auto train model');
--> statement-breakpoint
INSERT INTO "file_types" ("name", "extensions", "mime_type", "description", "required_columns")
SELECT 'spectra model', ARRAY['spectra_model.json'], 'application/json', 'A model from spectra to trait values written by Auto Train Phenotype (models/spectra_model.json), applied by Make Digital Phenotype Predictions.', ARRAY[]::text[]
WHERE EXISTS (SELECT 1 FROM "file_types") AND NOT EXISTS (SELECT 1 FROM "file_types" WHERE lower("name") = 'spectra model');
--> statement-breakpoint
INSERT INTO "file_types" ("name", "extensions", "mime_type", "description", "required_columns")
SELECT 'spectra QC CSV', ARRAY['spectra_qc.csv'], 'text/csv', 'Process Spectra’s outlier flags: id, global H and whether the spectrum is an outlier. Not a spectra table.', ARRAY['id', 'global_h', 'outlier']
WHERE EXISTS (SELECT 1 FROM "file_types") AND NOT EXISTS (SELECT 1 FROM "file_types" WHERE lower("name") = 'spectra qc csv');
--> statement-breakpoint
UPDATE "files" SET "file_type_id" = (SELECT "id" FROM "file_types" WHERE "name" = 'GDIP model')
WHERE lower("name") LIKE '%gdip_model.json' AND "run_id" IN (SELECT "id" FROM "runs" WHERE "pipeline_id" = 'nf-gdip') AND EXISTS (SELECT 1 FROM "file_types" WHERE "name" = 'GDIP model');
--> statement-breakpoint
UPDATE "files" SET "file_type_id" = (SELECT "id" FROM "file_types" WHERE "name" = 'Auto Train model')
WHERE lower("name") LIKE '%auto_train_model.json' AND "run_id" IN (SELECT "id" FROM "runs" WHERE "pipeline_id" = 'nf-auto-train') AND EXISTS (SELECT 1 FROM "file_types" WHERE "name" = 'Auto Train model');
--> statement-breakpoint
UPDATE "files" SET "file_type_id" = (SELECT "id" FROM "file_types" WHERE "name" = 'spectra model')
WHERE lower("name") LIKE '%spectra_model.json' AND "run_id" IN (SELECT "id" FROM "runs" WHERE "pipeline_id" = 'auto-train-pheno') AND EXISTS (SELECT 1 FROM "file_types" WHERE "name" = 'spectra model');
--> statement-breakpoint
UPDATE "files" SET "file_type_id" = (SELECT "id" FROM "file_types" WHERE "name" = 'spectra QC CSV')
WHERE lower("name") LIKE '%spectra_qc.csv' AND "run_id" IN (SELECT "id" FROM "runs" WHERE "pipeline_id" = 'nf-spectra') AND EXISTS (SELECT 1 FROM "file_types" WHERE "name" = 'spectra QC CSV');
