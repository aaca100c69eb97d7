-- A prediction dataset's frozen cross-validation folds (scheme,repeat,fold,id,environment,set) are a
-- type of their own, so that GDIP's cv_folds_file picker offers them and nothing else. Added where
-- file types were seeded before it existed; a fresh database seeds it with the defaults.
INSERT INTO "file_types" ("name", "extensions", "mime_type", "description", "required_columns")
SELECT 'CV folds CSV', ARRAY['.csv'], 'text/csv', 'Frozen cross-validation folds of a prediction dataset (CV1, CV2, CV0 or CV00): one row per repeat, fold and record, in its training or test set.', ARRAY['scheme', 'repeat', 'fold', 'id', 'environment', 'set']
WHERE EXISTS (SELECT 1 FROM "file_types") AND NOT EXISTS (SELECT 1 FROM "file_types" WHERE lower("name") = 'cv folds csv');
