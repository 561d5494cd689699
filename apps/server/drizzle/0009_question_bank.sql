-- Question bank (schema/question-bank.ts, docs/question-bank.md): knowledge points, questions, papers,
-- chapter details and the chapter ↔ knowledge-point mapping, baskets and composed papers.
CREATE TABLE "knowledge_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" text,
	"stage_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"path" text NOT NULL,
	"depth" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"stage_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"type" text NOT NULL,
	"stem" text NOT NULL,
	"options" jsonb,
	"answer" jsonb NOT NULL,
	"analysis" text,
	"passage" text,
	"score" double precision,
	"difficulty" smallint,
	"year" smallint,
	"region" text,
	"source" text,
	"origin" text NOT NULL,
	"images" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_knowledge_points" (
	"question_id" integer NOT NULL,
	"knowledge_point_id" integer NOT NULL,
	CONSTRAINT "question_knowledge_points_question_id_knowledge_point_id_pk" PRIMARY KEY("question_id","knowledge_point_id")
);
--> statement-breakpoint
CREATE TABLE "papers" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"title" text NOT NULL,
	"stage_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"grade_id" integer,
	"paper_type" text NOT NULL,
	"year" smallint,
	"region" text,
	"partial" boolean DEFAULT false NOT NULL,
	"question_count" integer DEFAULT 0 NOT NULL,
	"total_score" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_questions" (
	"paper_id" integer NOT NULL,
	"position" integer NOT NULL,
	"section_index" integer NOT NULL,
	"section_title" text NOT NULL,
	"number" integer NOT NULL,
	"score" double precision,
	"question_id" integer NOT NULL,
	CONSTRAINT "paper_questions_paper_id_position_pk" PRIMARY KEY("paper_id","position")
);
--> statement-breakpoint
CREATE TABLE "chapter_details" (
	"chapter_id" integer PRIMARY KEY NOT NULL,
	"path_key" text NOT NULL,
	"page_kind" text DEFAULT 'printed' NOT NULL,
	"page_inferred" boolean DEFAULT false NOT NULL,
	"starred" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chapter_knowledge_points" (
	"chapter_id" integer NOT NULL,
	"knowledge_point_id" integer NOT NULL,
	CONSTRAINT "chapter_knowledge_points_chapter_id_knowledge_point_id_pk" PRIMARY KEY("chapter_id","knowledge_point_id")
);
--> statement-breakpoint
CREATE TABLE "basket_items" (
	"user_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "basket_items_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "composed_papers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"subtitle" text,
	"sections" jsonb NOT NULL,
	"question_count" integer NOT NULL,
	"total_score" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_points" ADD CONSTRAINT "knowledge_points_stage_id_dictionary_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."dictionary"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_points" ADD CONSTRAINT "knowledge_points_subject_id_dictionary_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."dictionary"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_stage_id_dictionary_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."dictionary"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_subject_id_dictionary_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."dictionary"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_knowledge_points" ADD CONSTRAINT "question_knowledge_points_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_knowledge_points" ADD CONSTRAINT "question_knowledge_points_knowledge_point_id_knowledge_points_id_fk" FOREIGN KEY ("knowledge_point_id") REFERENCES "public"."knowledge_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_stage_id_dictionary_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."dictionary"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_subject_id_dictionary_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."dictionary"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_grade_id_dictionary_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."dictionary"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_questions" ADD CONSTRAINT "paper_questions_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_questions" ADD CONSTRAINT "paper_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_details" ADD CONSTRAINT "chapter_details_chapter_id_textbook_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."textbook_chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_knowledge_points" ADD CONSTRAINT "chapter_knowledge_points_chapter_id_textbook_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."textbook_chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_knowledge_points" ADD CONSTRAINT "chapter_knowledge_points_knowledge_point_id_knowledge_points_id_fk" FOREIGN KEY ("knowledge_point_id") REFERENCES "public"."knowledge_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_items" ADD CONSTRAINT "basket_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_items" ADD CONSTRAINT "basket_items_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "composed_papers" ADD CONSTRAINT "composed_papers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_points_path_uq" ON "knowledge_points" USING btree ("stage_id","subject_id","path");--> statement-breakpoint
CREATE INDEX "knowledge_points_parent_idx" ON "knowledge_points" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "questions_external_id_uq" ON "questions" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "questions_filter_idx" ON "questions" USING btree ("stage_id","subject_id","type");--> statement-breakpoint
CREATE INDEX "question_knowledge_points_kp_idx" ON "question_knowledge_points" USING btree ("knowledge_point_id");--> statement-breakpoint
CREATE UNIQUE INDEX "papers_external_id_uq" ON "papers" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "papers_filter_idx" ON "papers" USING btree ("stage_id","subject_id");--> statement-breakpoint
CREATE INDEX "paper_questions_question_idx" ON "paper_questions" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "chapter_knowledge_points_kp_idx" ON "chapter_knowledge_points" USING btree ("knowledge_point_id");--> statement-breakpoint
CREATE INDEX "composed_papers_user_idx" ON "composed_papers" USING btree ("user_id","created_at");--> statement-breakpoint
-- Question-bank version (catalogue_version scope 'question-bank'): any statement that writes these
-- tables bumps it once, whoever the writer is (server, import CLI), so in-memory search snapshots
-- know when to rebuild.
INSERT INTO "catalogue_version" ("scope", "version") VALUES ('question-bank', 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_question_bank_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "scope" = 'question-bank';
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "questions_bump_qb_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "questions"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_question_bank_version();
--> statement-breakpoint
CREATE TRIGGER "question_kps_bump_qb_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "question_knowledge_points"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_question_bank_version();
--> statement-breakpoint
CREATE TRIGGER "knowledge_points_bump_qb_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "knowledge_points"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_question_bank_version();
--> statement-breakpoint
CREATE TRIGGER "papers_bump_qb_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "papers"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_question_bank_version();
--> statement-breakpoint
CREATE TRIGGER "chapter_kps_bump_qb_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "chapter_knowledge_points"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_question_bank_version();
