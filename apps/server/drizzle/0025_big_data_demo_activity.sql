-- 大数据中心 demo activity (docs/big-data.md, Demo activity): synthetic figures seeded with the demo
-- content so that a demonstration shows a month of activity. Kept apart from the rollups, which are
-- folded only from the other features' tables; the overview adds these tables to them and tells the
-- page that its figures include demo data. Emptied with the statements in docs/big-data.md.
CREATE TABLE "big_data_demo_days" (
	"day" date PRIMARY KEY NOT NULL,
	"activations" bigint NOT NULL,
	"reading_seconds" bigint NOT NULL,
	"readers" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "big_data_demo_books" (
	"textbook_id" integer PRIMARY KEY NOT NULL,
	"readers" bigint NOT NULL,
	"seconds" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "big_data_demo_books" ADD CONSTRAINT "big_data_demo_books_textbook_id_textbooks_id_fk" FOREIGN KEY ("textbook_id") REFERENCES "public"."textbooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "big_data_demo_regions" (
	"region" text NOT NULL,
	"day" date NOT NULL,
	"registered" bigint NOT NULL,
	"active" bigint NOT NULL,
	CONSTRAINT "big_data_demo_regions_pk" PRIMARY KEY("region","day")
);
--> statement-breakpoint
CREATE TABLE "big_data_demo_downloads" (
	"type" text PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
