CREATE TABLE "banner" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"subtitle" text,
	"image" text NOT NULL,
	"link" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dictionary" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 1000 NOT NULL,
	"stage_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stage_subject" (
	"stage_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	CONSTRAINT "stage_subject_stage_id_subject_id_pk" PRIMARY KEY("stage_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"event" text NOT NULL,
	"result" text NOT NULL,
	"subject" text,
	"ip" text,
	"user_agent" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captchas" (
	"key" text PRIMARY KEY NOT NULL,
	"answer_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" integer,
	"purpose" text DEFAULT 'image' NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"platform" text DEFAULT 'WEB' NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_platforms" (
	"user_id" integer NOT NULL,
	"platform_code" text NOT NULL,
	"auto_address" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_platforms_user_id_platform_code_pk" PRIMARY KEY("user_id","platform_code")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"phone" text,
	"password_hash" text,
	"identity" text DEFAULT 'student' NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"real_name" text,
	"school" text,
	"region" text,
	"stage_id" integer,
	"grade_id" integer,
	"subject_id" integer,
	"avatar_url" text,
	"person_id" text,
	"zs_verified" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "activation_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"textbook_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"batch" text,
	"expires_at" timestamp with time zone,
	"used_by" integer,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activation_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reading_progress" (
	"user_id" integer NOT NULL,
	"textbook_id" integer NOT NULL,
	"page" integer NOT NULL,
	"total_pages" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_progress_user_id_textbook_id_pk" PRIMARY KEY("user_id","textbook_id")
);
--> statement-breakpoint
CREATE TABLE "textbook_chapters" (
	"id" serial PRIMARY KEY NOT NULL,
	"textbook_id" integer NOT NULL,
	"parent_id" integer,
	"title" text NOT NULL,
	"page" integer,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "textbooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"title" text NOT NULL,
	"stage_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"edition_id" integer NOT NULL,
	"publisher_id" integer,
	"grade_id" integer,
	"volume_id" integer,
	"file_size" bigint,
	"cover_url" text,
	"file_url" text,
	"file_key" text,
	"page_count" integer,
	"access" text DEFAULT 'activation' NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_textbooks" (
	"user_id" integer NOT NULL,
	"textbook_id" integer NOT NULL,
	"source" text DEFAULT 'code' NOT NULL,
	"activation_code_id" bigint,
	"activated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_textbooks_user_id_textbook_id_pk" PRIMARY KEY("user_id","textbook_id")
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"textbook_id" integer NOT NULL,
	"chapter_id" integer,
	"title" text NOT NULL,
	"kind" text DEFAULT 'video' NOT NULL,
	"duration_sec" integer,
	"source" text NOT NULL,
	"poster_url" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stage_subject" ADD CONSTRAINT "stage_subject_stage_id_dictionary_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."dictionary"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_subject" ADD CONSTRAINT "stage_subject_subject_id_dictionary_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."dictionary"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_platforms" ADD CONSTRAINT "user_platforms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_codes" ADD CONSTRAINT "activation_codes_textbook_id_textbooks_id_fk" FOREIGN KEY ("textbook_id") REFERENCES "public"."textbooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_codes" ADD CONSTRAINT "activation_codes_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_progress" ADD CONSTRAINT "reading_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_progress" ADD CONSTRAINT "reading_progress_textbook_id_textbooks_id_fk" FOREIGN KEY ("textbook_id") REFERENCES "public"."textbooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbook_chapters" ADD CONSTRAINT "textbook_chapters_textbook_id_textbooks_id_fk" FOREIGN KEY ("textbook_id") REFERENCES "public"."textbooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbooks" ADD CONSTRAINT "textbooks_stage_id_dictionary_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."dictionary"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbooks" ADD CONSTRAINT "textbooks_subject_id_dictionary_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."dictionary"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbooks" ADD CONSTRAINT "textbooks_edition_id_dictionary_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."dictionary"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbooks" ADD CONSTRAINT "textbooks_publisher_id_dictionary_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."dictionary"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbooks" ADD CONSTRAINT "textbooks_grade_id_dictionary_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."dictionary"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbooks" ADD CONSTRAINT "textbooks_volume_id_dictionary_id_fk" FOREIGN KEY ("volume_id") REFERENCES "public"."dictionary"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_textbooks" ADD CONSTRAINT "user_textbooks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_textbooks" ADD CONSTRAINT "user_textbooks_textbook_id_textbooks_id_fk" FOREIGN KEY ("textbook_id") REFERENCES "public"."textbooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_textbook_id_textbooks_id_fk" FOREIGN KEY ("textbook_id") REFERENCES "public"."textbooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_chapter_id_textbook_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."textbook_chapters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banner_active_idx" ON "banner" USING btree ("active","sort_order") WHERE "banner"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "dictionary_kind_name_uq" ON "dictionary" USING btree ("kind","name");--> statement-breakpoint
CREATE INDEX "dictionary_kind_idx" ON "dictionary" USING btree ("kind","sort_order");--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_event_idx" ON "audit_log" USING btree ("event","created_at");--> statement-breakpoint
CREATE INDEX "captchas_expires_idx" ON "captchas" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sms_codes_phone_idx" ON "sms_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_ip_idx" ON "sms_codes" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_name_uq" ON "users" USING btree (lower("user_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_uq" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "activation_codes_hash_uq" ON "activation_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "activation_failures_user_idx" ON "activation_failures" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "textbook_chapters_book_idx" ON "textbook_chapters" USING btree ("textbook_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "textbooks_external_id_uq" ON "textbooks" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "textbooks_title_trgm_idx" ON "textbooks" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "textbooks_filter_idx" ON "textbooks" USING btree ("stage_id","subject_id","edition_id","grade_id","volume_id");--> statement-breakpoint
CREATE INDEX "textbooks_subject_idx" ON "textbooks" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "textbooks_edition_idx" ON "textbooks" USING btree ("edition_id");--> statement-breakpoint
CREATE INDEX "textbooks_grade_idx" ON "textbooks" USING btree ("grade_id");--> statement-breakpoint
CREATE INDEX "textbooks_publisher_idx" ON "textbooks" USING btree ("publisher_id");--> statement-breakpoint
CREATE INDEX "videos_textbook_idx" ON "videos" USING btree ("textbook_id","sort_order");