-- The job queue (docs/decisions/021-job-queue.md): background work that runs once across instances and
-- is retried on another instance when its runner stops. A worker claims a due row (FOR UPDATE SKIP
-- LOCKED) and holds it by a lease it renews; a row whose lease ran out is claimed again until
-- max_attempts. Console imports keep one queued or running job per operator (the partial unique index).
CREATE TABLE "background_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"owner_id" integer,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"lease_until" timestamp with time zone,
	"result" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "background_jobs_status_check" CHECK ("status" in ('queued', 'running', 'done', 'failed'))
);--> statement-breakpoint
CREATE INDEX "background_jobs_due_idx" ON "background_jobs" USING btree ("status","created_at") WHERE "status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "background_jobs_finished_idx" ON "background_jobs" USING btree ("finished_at") WHERE "finished_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "background_jobs_owner_idx" ON "background_jobs" USING btree ("queue","owner_id") WHERE "owner_id" is not null and "status" in ('queued', 'running');
