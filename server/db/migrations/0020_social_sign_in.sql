-- Social sign-in (issue 21): the provider's subject id is the key of a linked account (one account per Google or
-- Facebook identity), and an e-mail counts for linking only once the account proved it owns it.
--
-- `email_verified`: the account confirmed its e-mail (a verification code sent there, or Google saying so at sign-up).
-- Accounts that confirmed by e-mail before this column (no phone: the code went to the e-mail) are marked.
ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- `has_password`: the pupil knows a password (false for an account opened with Google or Facebook until one is set by a
-- reset): a provider is unlinked only while another way in remains.
ALTER TABLE "users" ADD COLUMN "has_password" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "users" SET "email_verified" = true WHERE "verified" AND "phone" IS NULL AND "email" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_google_id_uq" ON "users" USING btree ("google_id") WHERE "google_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_facebook_id_uq" ON "users" USING btree ("facebook_id") WHERE "facebook_id" IS NOT NULL;
