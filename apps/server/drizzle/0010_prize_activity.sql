CREATE TABLE "prize_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"rules" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"banner_image" text,
	"daily_cap_seconds" integer NOT NULL,
	"per_book_cap_seconds" integer NOT NULL,
	"points_per_minute" integer NOT NULL,
	"activation_points" integer DEFAULT 0 NOT NULL,
	"finish_book_points" integer DEFAULT 0 NOT NULL,
	"draw_cost" integer NOT NULL,
	"per_user_prize_limit" integer NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prize_activities_window_ck" CHECK ("prize_activities"."start_at" < "prize_activities"."end_at")
);
--> statement-breakpoint
CREATE TABLE "prize_activity_books" (
	"activity_id" integer NOT NULL,
	"textbook_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "prize_activity_books_activity_id_textbook_id_pk" PRIMARY KEY("activity_id","textbook_id")
);
--> statement-breakpoint
CREATE TABLE "prize_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"stock" integer NOT NULL,
	"weight" integer NOT NULL,
	"fallback" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "prize_groups_stock_ck" CHECK ("prize_groups"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "prize_participants" (
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"available" integer DEFAULT 0 NOT NULL,
	"draws" integer DEFAULT 0 NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prize_participants_activity_id_user_id_pk" PRIMARY KEY("activity_id","user_id"),
	CONSTRAINT "prize_participants_available_ck" CHECK ("prize_participants"."available" >= 0)
);
--> statement-breakpoint
CREATE TABLE "prize_reading_time" (
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"textbook_id" integer NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "prize_reading_time_activity_id_user_id_day_textbook_id_pk" PRIMARY KEY("activity_id","user_id","day","textbook_id")
);
--> statement-breakpoint
CREATE TABLE "prize_points_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"reference" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prize_draws" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"user_id" integer,
	"request_id" text,
	"drawn_group_id" integer NOT NULL,
	"awarded_group_id" integer NOT NULL,
	"random_value" integer NOT NULL,
	"total_weight" integer NOT NULL,
	"stock_before" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"fallback" boolean DEFAULT false NOT NULL,
	"cost" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prize_activity_books" ADD CONSTRAINT "prize_activity_books_activity_id_prize_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."prize_activities"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prize_activity_books" ADD CONSTRAINT "prize_activity_books_textbook_id_textbooks_id_fk" FOREIGN KEY ("textbook_id") REFERENCES "public"."textbooks"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prize_groups" ADD CONSTRAINT "prize_groups_activity_id_prize_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."prize_activities"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prize_participants" ADD CONSTRAINT "prize_participants_activity_id_prize_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."prize_activities"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prize_participants" ADD CONSTRAINT "prize_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prize_reading_time" ADD CONSTRAINT "prize_reading_time_activity_id_prize_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."prize_activities"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prize_reading_time" ADD CONSTRAINT "prize_reading_time_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prize_reading_time" ADD CONSTRAINT "prize_reading_time_textbook_id_textbooks_id_fk" FOREIGN KEY ("textbook_id") REFERENCES "public"."textbooks"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prize_points_ledger" ADD CONSTRAINT "prize_points_ledger_activity_id_prize_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."prize_activities"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prize_points_ledger" ADD CONSTRAINT "prize_points_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prize_draws" ADD CONSTRAINT "prize_draws_activity_id_prize_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."prize_activities"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prize_draws" ADD CONSTRAINT "prize_draws_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "prize_activities_code_uq" ON "prize_activities" USING btree ("code");
--> statement-breakpoint
CREATE INDEX "prize_activities_window_idx" ON "prize_activities" USING btree ("start_at","end_at");
--> statement-breakpoint
CREATE INDEX "prize_groups_activity_idx" ON "prize_groups" USING btree ("activity_id","sort_order");
--> statement-breakpoint
CREATE INDEX "prize_participants_rank_idx" ON "prize_participants" USING btree ("activity_id","points","reached_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "prize_points_ledger_key_uq" ON "prize_points_ledger" USING btree ("activity_id","user_id","reason","reference");
--> statement-breakpoint
CREATE INDEX "prize_points_ledger_user_idx" ON "prize_points_ledger" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "prize_draws_user_idx" ON "prize_draws" USING btree ("activity_id","user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "prize_draws_request_uq" ON "prize_draws" USING btree ("activity_id","user_id","request_id");
--> statement-breakpoint
-- The ledger and the draw audit are append-only (docs/prize.md): a ledger row is never changed
-- (account cancellation deletes a user's rows), and a draw row may only lose its user.
CREATE OR REPLACE FUNCTION prize_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'prize_points_ledger is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "prize_points_ledger_no_update" BEFORE UPDATE ON "prize_points_ledger"
  FOR EACH ROW EXECUTE FUNCTION prize_ledger_append_only();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION prize_draws_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'prize_draws is append-only';
  END IF;
  IF NEW.user_id IS NOT NULL
     OR (NEW.id, NEW.activity_id, NEW.request_id, NEW.drawn_group_id, NEW.awarded_group_id, NEW.random_value,
         NEW.total_weight, NEW.stock_before, NEW.stock_after, NEW.fallback, NEW.cost, NEW.created_at)
        IS DISTINCT FROM
        (OLD.id, OLD.activity_id, OLD.request_id, OLD.drawn_group_id, OLD.awarded_group_id, OLD.random_value,
         OLD.total_weight, OLD.stock_before, OLD.stock_after, OLD.fallback, OLD.cost, OLD.created_at) THEN
    RAISE EXCEPTION 'prize_draws is append-only: only the user may be erased';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "prize_draws_append_only" BEFORE UPDATE OR DELETE ON "prize_draws"
  FOR EACH ROW EXECUTE FUNCTION prize_draws_append_only();
