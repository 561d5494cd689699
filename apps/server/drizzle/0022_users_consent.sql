-- Consent to the 《用户服务协议》 and 《隐私政策》 (docs/privacy.md): the version the user accepted
-- and when. Existing rows stay null, so that every existing user is asked once at the next visit.
ALTER TABLE "users" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "consented_at" timestamp with time zone;
