-- The furthest page a reader opened, kept apart from the current page (which moves freely, e.g.
-- back through the table of contents, for resuming). A finished-book award reads
-- greatest(page, furthest_page), so existing rows need no rewrite: their page stands for it until
-- the next save.
ALTER TABLE "reading_progress" ADD COLUMN "furthest_page" integer DEFAULT 0 NOT NULL;
