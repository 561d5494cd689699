CREATE TABLE "resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"format" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint,
	"sha256" text,
	"stage_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"grade_id" integer,
	"edition_id" integer,
	"volume_id" integer,
	"textbook_id" integer,
	"chapter_id" integer,
	"description" text,
	"access" text DEFAULT 'login' NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"reject_reason" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"uploader_id" integer,
	"storage_key" text,
	"generator" jsonb,
	"generator_key" text,
	"view_count" integer DEFAULT 0 NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"favorite_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_events" (
	"resource_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_events_resource_id_user_id_kind_day_pk" PRIMARY KEY("resource_id","user_id","kind","day")
);
--> statement-breakpoint
CREATE TABLE "resource_favorites" (
	"user_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_favorites_user_id_resource_id_pk" PRIMARY KEY("user_id","resource_id")
);
--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_stage_id_dictionary_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."dictionary"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_subject_id_dictionary_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."dictionary"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_grade_id_dictionary_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."dictionary"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_edition_id_dictionary_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."dictionary"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_volume_id_dictionary_id_fk" FOREIGN KEY ("volume_id") REFERENCES "public"."dictionary"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_textbook_id_textbooks_id_fk" FOREIGN KEY ("textbook_id") REFERENCES "public"."textbooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_events" ADD CONSTRAINT "resource_events_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_events" ADD CONSTRAINT "resource_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_favorites" ADD CONSTRAINT "resource_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_favorites" ADD CONSTRAINT "resource_favorites_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "resources_generator_key_uq" ON "resources" USING btree ("generator_key");--> statement-breakpoint
CREATE INDEX "resources_published_idx" ON "resources" USING btree ("stage_id","subject_id","created_at","id") WHERE "resources"."status" = 'published';--> statement-breakpoint
CREATE INDEX "resources_textbook_idx" ON "resources" USING btree ("textbook_id","chapter_id");--> statement-breakpoint
CREATE INDEX "resources_chapter_idx" ON "resources" USING btree ("chapter_id");--> statement-breakpoint
CREATE INDEX "resources_uploader_idx" ON "resources" USING btree ("uploader_id","created_at");--> statement-breakpoint
CREATE INDEX "resources_status_idx" ON "resources" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "resource_events_user_idx" ON "resource_events" USING btree ("user_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "resource_favorites_user_idx" ON "resource_favorites" USING btree ("user_id","created_at");
