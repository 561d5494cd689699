-- Catalogue version (see schema/textbooks.ts catalogueVersion): any statement that writes
-- textbooks or dictionary bumps it once, whoever the writer is (server, import CLI, console).
INSERT INTO "catalogue_version" ("scope", "version") VALUES ('textbooks', 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "scope" = 'textbooks';
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "textbooks_bump_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "textbooks"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER "dictionary_bump_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "dictionary"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
