-- Keyword search for Chinese titles. pg_trgm needs three characters to use its index, but
-- Chinese keywords are often two (数学, 物理). textbooks.title_bigrams (migration 0005, a stored
-- generated column with a GIN index) holds each title's distinct lower-cased character bigrams;
-- a two-character keyword must be among them, then ILIKE checks the substring.
CREATE OR REPLACE FUNCTION eav_bigrams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT coalesce(array_agg(DISTINCT substr(t, i, 2)), '{}'::text[])
  FROM generate_series(1, greatest(char_length(t) - 1, 0)) AS i
$$;
