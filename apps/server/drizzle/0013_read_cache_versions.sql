-- Versions of the read cache (docs/decisions/011-read-cache.md): every statement that writes a
-- table behind a cached answer bumps its catalogue_version scope, whoever the writer is.
-- Scope 'textbooks' (migration 0003: textbooks, dictionary) also follows the stage subjects,
-- chapter trees and videos; scope 'banner' follows banners and prize activities (the running
-- activity leads the carousel).
CREATE TRIGGER "stage_subject_bump_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stage_subject"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER "textbook_chapters_bump_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "textbook_chapters"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER "videos_bump_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "videos"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
INSERT INTO "catalogue_version" ("scope", "version") VALUES ('banner', 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_banner_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "scope" = 'banner';
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "banner_bump_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "banner"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_banner_version();
--> statement-breakpoint
CREATE TRIGGER "prize_activities_bump_banner_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "prize_activities"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_banner_version();
