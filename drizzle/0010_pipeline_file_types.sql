-- Reference FASTA, samplesheets (Combine GVCFs, Preprocessing), Evostats' population map and its tab-separated
-- statistics, Multigen sims' per-generation tables, Phenomix's field trials: file types for them where file types were seeded before they existed (a fresh
-- database gets them from the defaults).
INSERT INTO "file_types" ("name", "extensions", "mime_type", "description", "required_columns")
SELECT 'FASTA', ARRAY['.fa', '.fasta', '.fna', '.fa.gz', '.fasta.gz', '.fna.gz'], 'text/x-fasta', 'Reference sequences (a genome), plain or bgzipped.', ARRAY[]::text[]
WHERE EXISTS (SELECT 1 FROM "file_types") AND NOT EXISTS (SELECT 1 FROM "file_types" WHERE lower("name") = 'fasta');
--> statement-breakpoint
INSERT INTO "file_types" ("name", "extensions", "mime_type", "description", "required_columns")
SELECT 'samplesheet CSV', ARRAY['.csv'], 'text/csv', 'A pipeline samplesheet: one row per sample with the paths of its files (Combine GVCFs: sample,gvcf; Preprocessing: sample,fastq_1,fastq_2).', ARRAY['sample']
WHERE EXISTS (SELECT 1 FROM "file_types") AND NOT EXISTS (SELECT 1 FROM "file_types" WHERE lower("name") = 'samplesheet csv');
--> statement-breakpoint
INSERT INTO "file_types" ("name", "extensions", "mime_type", "description", "required_columns")
SELECT 'population map CSV', ARRAY['.csv'], 'text/csv', 'The population of each sample: sample and population columns (Evostats).', ARRAY['sample', 'population']
WHERE EXISTS (SELECT 1 FROM "file_types") AND NOT EXISTS (SELECT 1 FROM "file_types" WHERE lower("name") = 'population map csv');
--> statement-breakpoint
INSERT INTO "file_types" ("name", "extensions", "mime_type", "description", "required_columns")
SELECT 'population statistics TSV', ARRAY['.tsv'], 'text/tab-separated-values', 'Population-genetic statistics (Evostats): per site or window and population, tab-separated.', ARRAY['chrom']
WHERE EXISTS (SELECT 1 FROM "file_types") AND NOT EXISTS (SELECT 1 FROM "file_types" WHERE lower("name") = 'population statistics tsv');
--> statement-breakpoint
INSERT INTO "file_types" ("name", "extensions", "mime_type", "description", "required_columns")
SELECT 'breeding simulation CSV', ARRAY['.csv'], 'text/csv', 'A simulated breeding programme (Multigen sims): genetic gain, variance, inbreeding and diversity per generation.', ARRAY['generation']
WHERE EXISTS (SELECT 1 FROM "file_types") AND NOT EXISTS (SELECT 1 FROM "file_types" WHERE lower("name") = 'breeding simulation csv');
--> statement-breakpoint
INSERT INTO "file_types" ("name", "extensions", "mime_type", "description", "required_columns")
SELECT 'field trial CSV', ARRAY['.csv'], 'text/csv', 'Plot-level phenotypes of a trial: accession, environment, replicate and one column per trait (Phenomix).', ARRAY['accession', 'environment']
WHERE EXISTS (SELECT 1 FROM "file_types") AND NOT EXISTS (SELECT 1 FROM "file_types" WHERE lower("name") = 'field trial csv');
