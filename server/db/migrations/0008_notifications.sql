-- Notifications, messages, pop-ups and push (issue 11): its tables.
CREATE TABLE "notifications" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "category" text NOT NULL,
  "type" text NOT NULL,
  "title" text NOT NULL,
  "body" text NOT NULL,
  "link" text,
  "data" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "seen" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" ("user_id", "id");
--> statement-breakpoint
CREATE INDEX "notifications_unseen_idx" ON "notifications" ("user_id") WHERE not "seen";
--> statement-breakpoint
CREATE TABLE "push_tokens" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "session_id" uuid REFERENCES "sessions"("id") ON DELETE cascade,
  "token" text NOT NULL,
  "platform" text DEFAULT 'web' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "push_tokens_token_uq" ON "push_tokens" ("token");
--> statement-breakpoint
CREATE INDEX "push_tokens_user_idx" ON "push_tokens" ("user_id");
--> statement-breakpoint
CREATE TABLE "push_deliveries" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "notification_id" integer NOT NULL REFERENCES "notifications"("id") ON DELETE cascade,
  "token_id" integer NOT NULL REFERENCES "push_tokens"("id") ON DELETE cascade,
  "status" text DEFAULT 'pending' NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_error" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "push_deliveries_pending_idx" ON "push_deliveries" ("next_attempt_at") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE TABLE "inbox_messages" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "name" text NOT NULL,
  "body" text NOT NULL,
  "seen" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "inbox_messages_user_idx" ON "inbox_messages" ("user_id", "id");
--> statement-breakpoint
CREATE TABLE "popups" (
  "id" serial PRIMARY KEY NOT NULL,
  "name" text NOT NULL,
  "body" text NOT NULL,
  "division_id" integer REFERENCES "divisions"("id"),
  "active" boolean DEFAULT true NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "popup_hides" (
  "popup_id" integer NOT NULL REFERENCES "popups"("id") ON DELETE cascade,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("popup_id", "user_id")
);
