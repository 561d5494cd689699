-- Reader marks (书签, 划线, 笔记; docs/reader.md, Marks). The id is the client's UUID, so a mark made
-- offline is stored once however often it is sent; client_updated_at decides which edit wins (last
-- writer wins), updated_at (server time) is what a sync's `since` compares with, and a delete keeps
-- the row as a tombstone (deleted_at; anchor and note removed) for the user's other devices.
CREATE TABLE "reader_marks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"textbook_id" integer NOT NULL,
	"kind" text NOT NULL,
	"page" integer NOT NULL,
	"color" text,
	"anchor" jsonb,
	"note" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"client_updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "reader_marks_kind_check" CHECK ("reader_marks"."kind" in ('bookmark', 'highlight', 'note')),
	CONSTRAINT "reader_marks_color_check" CHECK ("reader_marks"."color" in ('yellow', 'green', 'blue', 'pink')),
	CONSTRAINT "reader_marks_page_check" CHECK ("reader_marks"."page" >= 1)
);
--> statement-breakpoint
ALTER TABLE "reader_marks" ADD CONSTRAINT "reader_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_marks" ADD CONSTRAINT "reader_marks_textbook_id_textbooks_id_fk" FOREIGN KEY ("textbook_id") REFERENCES "public"."textbooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reader_marks_user_book_idx" ON "reader_marks" USING btree ("user_id","textbook_id");--> statement-breakpoint
CREATE INDEX "reader_marks_user_updated_idx" ON "reader_marks" USING btree ("user_id","updated_at");
