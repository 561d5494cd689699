-- 智慧出版 (docs/publishing.md): announcements, textbooks' printings (版次/印次) and errata (勘误).
-- Every statement writing these tables bumps the read cache's scope 'publishing'
-- (docs/decisions/011-read-cache.md), whoever the writer is (server, errata import command).
CREATE TABLE "publishing_announcements" (
  "id" serial PRIMARY KEY NOT NULL,
  "title" text NOT NULL,
  "summary" text DEFAULT '' NOT NULL,
  "body" text NOT NULL,
  "published_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "publishing_announcements_published_idx" ON "publishing_announcements" ("published_at", "id");
--> statement-breakpoint
CREATE TABLE "textbook_printings" (
  "id" serial PRIMARY KEY NOT NULL,
  "textbook_id" integer NOT NULL REFERENCES "textbooks"("id") ON DELETE CASCADE,
  "edition_no" integer NOT NULL,
  "printing_no" integer NOT NULL,
  "printed_on" date NOT NULL,
  "note" text DEFAULT '' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "textbook_printings_uq" ON "textbook_printings" ("textbook_id", "edition_no", "printing_no");
--> statement-breakpoint
CREATE TABLE "textbook_errata" (
  "id" serial PRIMARY KEY NOT NULL,
  "textbook_id" integer NOT NULL REFERENCES "textbooks"("id") ON DELETE CASCADE,
  "page" integer NOT NULL,
  "original" text NOT NULL,
  "correction" text NOT NULL,
  "published_on" date NOT NULL,
  "note" text DEFAULT '' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "textbook_errata_book_idx" ON "textbook_errata" ("textbook_id", "page");
--> statement-breakpoint
INSERT INTO "catalogue_version" ("scope", "version") VALUES ('publishing', 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_publishing_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "scope" = 'publishing';
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "publishing_announcements_bump_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "publishing_announcements"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_publishing_version();
--> statement-breakpoint
CREATE TRIGGER "textbook_printings_bump_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "textbook_printings"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_publishing_version();
--> statement-breakpoint
CREATE TRIGGER "textbook_errata_bump_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "textbook_errata"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_publishing_version();
