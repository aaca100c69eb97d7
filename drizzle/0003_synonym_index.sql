-- Synonyms compared without case: an index on the lower-cased synonym array.
CREATE FUNCTION "seedbed_lower_array"(text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT coalesce(array_agg(lower(element)), '{}') FROM unnest($1) AS element $$;--> statement-breakpoint
CREATE INDEX "accessions_synonyms_lower" ON "accessions" USING gin ("seedbed_lower_array"("synonyms"));
