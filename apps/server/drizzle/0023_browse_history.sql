-- 浏览记录: a user's latest opening of each textbook, resource, lesson video and paper (docs/api.md).
-- One row per user and item, moved to the top by each opening; items are named by kind and id.
CREATE TABLE "browse_history" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "browse_history_user_id_kind_item_id_pk" PRIMARY KEY("user_id","kind","item_id"),
	CONSTRAINT "browse_history_kind_check" CHECK ("browse_history"."kind" in ('textbook', 'resource', 'video', 'paper'))
);
--> statement-breakpoint
ALTER TABLE "browse_history" ADD CONSTRAINT "browse_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "browse_history_user_idx" ON "browse_history" USING btree ("user_id","viewed_at");
