-- Guardian consent for pupils under 14 (docs/privacy.md, Guardians): a student's birth year, whether
-- the account awaits a guardian's consent (then it may only browse), and the guardian's verified phone
-- with the policy version and time of the consent. Existing rows keep a null birth year and no flag.
ALTER TABLE "users" ADD COLUMN "birth_year" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guardian_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guardian_phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guardian_consent_version" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guardian_consented_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_guardian_phone_idx" ON "users" USING btree ("guardian_phone");
