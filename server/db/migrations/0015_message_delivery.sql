-- Codes reach pupils (issue 18): `outbox_messages` becomes the durable queue of e-mails and SMS. A request writes its
-- message here and answers; the dispatcher (server/services/messages/dispatch.ts) claims due rows with a lease and
-- `FOR UPDATE SKIP LOCKED`, sends them through the provider (SMTP, Twilio, or the local outbox) and records the outcome;
-- a temporary failure is retried later with exponential backoff, a refused address is failed at once.
-- Rows written before this migration were only ever stored here: they count as delivered.
ALTER TABLE "outbox_messages" ADD COLUMN "status" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_status_ck" CHECK (status IN ('pending', 'sent', 'failed'));--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "language" text DEFAULT 'fr' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_language_ck" CHECK (language IN ('fr', 'en', 'ar'));--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "leased_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "provider_id" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" ("next_attempt_at") WHERE "status" = 'pending';
