-- Operator console (docs/console.md): the second factor of console sessions, recovery codes, audit
-- rows with operator, target and before/after values, and activation code batches that can be voided.
ALTER TABLE "sessions" ADD COLUMN "mfa_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "console_mfa" (
  "user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "secret_enc" text NOT NULL,
  "confirmed_at" timestamp with time zone,
  "last_step" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console_recovery_codes" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "code_hash" text NOT NULL,
  "used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "console_recovery_codes_hash_uq" ON "console_recovery_codes" ("user_id", "code_hash");
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_id" integer;
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "target" text;
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "before" jsonb;
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "after" jsonb;
--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" ("actor_id", "created_at");
--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" ("created_at");
--> statement-breakpoint
CREATE TABLE "activation_batches" (
  "id" serial PRIMARY KEY NOT NULL,
  "textbook_id" integer NOT NULL REFERENCES "textbooks"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "count" integer NOT NULL,
  "expires_at" timestamp with time zone,
  "created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "voided_at" timestamp with time zone,
  "voided_by" integer REFERENCES "users"("id") ON DELETE SET NULL
);
--> statement-breakpoint
CREATE INDEX "activation_batches_textbook_idx" ON "activation_batches" ("textbook_id", "created_at");
--> statement-breakpoint
ALTER TABLE "activation_codes" ADD COLUMN "batch_id" integer REFERENCES "activation_batches"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "activation_codes" ADD COLUMN "voided_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "activation_codes_batch_idx" ON "activation_codes" ("batch_id");
