-- Keyword search ranking without sorting every match (issue 4). For a title containing the
-- keyword, relevance is (exact title, title starts with the keyword, char_length(title)), then
-- display order. The btree on title (text_pattern_ops: LIKE 'prefix%' and equality) finds the
-- exact and prefix matches; the rest are walked in (char_length(title), display order) through the
-- second index and the walk stops once a page is filled, instead of ranking a broad keyword's
-- tens of thousands of matches (数学: a tenth of a 100,000-book catalogue).
CREATE INDEX "textbooks_title_pattern_idx" ON "textbooks" ("title" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "textbooks_title_length_order_idx" ON "textbooks" (char_length("title"), "stage_id", "subject_id", "edition_id", "grade_id", "volume_id", "id");
