CREATE TABLE "catalogue_version" (
	"scope" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "textbooks_filter_idx";--> statement-breakpoint
ALTER TABLE "textbooks" ADD COLUMN "cover_key" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "hls_source" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "access" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
CREATE INDEX "activation_codes_textbook_idx" ON "activation_codes" USING btree ("textbook_id");--> statement-breakpoint
CREATE INDEX "user_textbooks_user_idx" ON "user_textbooks" USING btree ("user_id","activated_at");--> statement-breakpoint
CREATE INDEX "videos_chapter_idx" ON "videos" USING btree ("chapter_id");--> statement-breakpoint
CREATE INDEX "textbooks_filter_idx" ON "textbooks" USING btree ("stage_id","subject_id","edition_id","grade_id","volume_id","id");