-- QC summaries, and types for a run's other tables and reports, so that no output of the bundled pipelines is untyped:
-- added where file types were seeded before they existed (a fresh database gets them from the defaults).
INSERT INTO "file_types" ("name", "extensions", "mime_type", "description", "required_columns")
SELECT 'QC summary JSON', ARRAY['summary.json', '.qc.json'], 'application/json', 'A pipeline’s quality-control or run summary: counts, thresholds and statistics as JSON.', ARRAY[]::text[]
WHERE EXISTS (SELECT 1 FROM "file_types") AND NOT EXISTS (SELECT 1 FROM "file_types" WHERE lower("name") = 'qc summary json');
--> statement-breakpoint
INSERT INTO "file_types" ("name", "extensions", "mime_type", "description", "required_columns")
SELECT 'table CSV', ARRAY['.csv'], 'text/csv', 'Any other comma-separated table a pipeline writes (metrics, summaries, folds).', ARRAY[]::text[]
WHERE EXISTS (SELECT 1 FROM "file_types") AND NOT EXISTS (SELECT 1 FROM "file_types" WHERE lower("name") = 'table csv');
--> statement-breakpoint
INSERT INTO "file_types" ("name", "extensions", "mime_type", "description", "required_columns")
SELECT 'table TSV', ARRAY['.tsv'], 'text/tab-separated-values', 'Any other tab-separated table a pipeline writes (QC per site, sample or read position).', ARRAY[]::text[]
WHERE EXISTS (SELECT 1 FROM "file_types") AND NOT EXISTS (SELECT 1 FROM "file_types" WHERE lower("name") = 'table tsv');
--> statement-breakpoint
INSERT INTO "file_types" ("name", "extensions", "mime_type", "description", "required_columns")
SELECT 'text report', ARRAY['.txt'], 'text/plain', 'A plain-text report or list a pipeline writes (FastQC data, kept markers).', ARRAY[]::text[]
WHERE EXISTS (SELECT 1 FROM "file_types") AND NOT EXISTS (SELECT 1 FROM "file_types" WHERE lower("name") = 'text report');
