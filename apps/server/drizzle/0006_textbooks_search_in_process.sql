-- Keyword search moved into the server process (ADR 005, features/textbooks/title-search.ts):
-- the title bigram column, its GIN index, the trigram index and eav_bigrams() served only it.
DROP INDEX "textbooks_title_bigrams_idx";--> statement-breakpoint
DROP INDEX "textbooks_title_trgm_idx";--> statement-breakpoint
ALTER TABLE "textbooks" DROP COLUMN "title_bigrams";--> statement-breakpoint
DROP FUNCTION IF EXISTS eav_bigrams(text);
