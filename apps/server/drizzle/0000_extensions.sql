-- pg_trgm powers Chinese substring search on textbook titles (trigram GIN index).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
