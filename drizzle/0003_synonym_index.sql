-- Lower-cases every element of a text array; immutable, so a generated column can use it.
CREATE FUNCTION "seedbed_lower_array"(text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT coalesce(array_agg(lower(element)), '{}') FROM unnest($1) AS element $$;
