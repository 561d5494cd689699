CREATE TABLE "teaching_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"name" text NOT NULL,
	"school" text NOT NULL,
	"grade_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"edition_id" integer,
	"textbook_id" integer,
	"join_code" text NOT NULL,
	"join_mode" text DEFAULT 'auto' NOT NULL,
	"join_open" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teaching_members" (
	"class_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teaching_members_class_id_user_id_pk" PRIMARY KEY("class_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "teaching_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"instructions" text,
	"publish_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"allow_late" boolean DEFAULT false NOT NULL,
	"answer_visibility" text DEFAULT 'afterSubmit' NOT NULL,
	"textbook_id" integer,
	"chapter_id" integer,
	"page_from" integer,
	"page_to" integer,
	"resource_id" integer,
	"item_count" integer DEFAULT 0 NOT NULL,
	"max_score" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teaching_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"assignment_id" integer NOT NULL,
	"position" integer NOT NULL,
	"question_id" integer NOT NULL,
	"grading" text NOT NULL,
	"blanks" integer DEFAULT 1 NOT NULL,
	"max_score" double precision NOT NULL,
	"question" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teaching_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"assignment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'inProgress' NOT NULL,
	"score" double precision,
	"late" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone,
	"graded_at" timestamp with time zone,
	"teacher_comment" text,
	"pages_read" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"time_spent_seconds" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teaching_answers" (
	"submission_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"response" jsonb NOT NULL,
	"correct" boolean,
	"score" double precision,
	"comment" text,
	"graded_by" text,
	"time_spent_seconds" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teaching_answers_submission_id_item_id_pk" PRIMARY KEY("submission_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "teaching_wrong_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"grading" text NOT NULL,
	"blanks" integer DEFAULT 1 NOT NULL,
	"question" jsonb NOT NULL,
	"assignment_id" integer,
	"last_response" jsonb,
	"wrong_count" integer DEFAULT 1 NOT NULL,
	"retry_count" integer DEFAULT 0 NOT NULL,
	"mastered" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "teaching_classes" ADD CONSTRAINT "teaching_classes_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_classes" ADD CONSTRAINT "teaching_classes_grade_id_dictionary_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."dictionary"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_classes" ADD CONSTRAINT "teaching_classes_subject_id_dictionary_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."dictionary"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_classes" ADD CONSTRAINT "teaching_classes_edition_id_dictionary_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."dictionary"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_members" ADD CONSTRAINT "teaching_members_class_id_teaching_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."teaching_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_members" ADD CONSTRAINT "teaching_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_class_id_teaching_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."teaching_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_items" ADD CONSTRAINT "teaching_items_assignment_id_teaching_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."teaching_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_submissions" ADD CONSTRAINT "teaching_submissions_assignment_id_teaching_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."teaching_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_submissions" ADD CONSTRAINT "teaching_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_answers" ADD CONSTRAINT "teaching_answers_submission_id_teaching_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."teaching_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_answers" ADD CONSTRAINT "teaching_answers_item_id_teaching_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."teaching_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_wrong_questions" ADD CONSTRAINT "teaching_wrong_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_wrong_questions" ADD CONSTRAINT "teaching_wrong_questions_assignment_id_teaching_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."teaching_assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "teaching_classes_join_code_uq" ON "teaching_classes" USING btree ("join_code") WHERE "teaching_classes"."status" = 'active';--> statement-breakpoint
CREATE INDEX "teaching_classes_teacher_idx" ON "teaching_classes" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE INDEX "teaching_members_user_idx" ON "teaching_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "teaching_assignments_class_idx" ON "teaching_assignments" USING btree ("class_id","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "teaching_items_position_uq" ON "teaching_items" USING btree ("assignment_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "teaching_submissions_assignment_user_uq" ON "teaching_submissions" USING btree ("assignment_id","user_id");--> statement-breakpoint
CREATE INDEX "teaching_submissions_user_idx" ON "teaching_submissions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "teaching_answers_item_idx" ON "teaching_answers" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teaching_wrong_questions_user_question_uq" ON "teaching_wrong_questions" USING btree ("user_id","question_id");--> statement-breakpoint
CREATE INDEX "teaching_wrong_questions_user_idx" ON "teaching_wrong_questions" USING btree ("user_id","updated_at");
