-- Referral gifts, second slice (issue 20 §6–8): the pupil's cart and gift orders, the operator's review of referral
-- abuse, and where a session was opened from (to see a gift code used from its owner's device or network).
--
-- A session remembers the IP address and the device (User-Agent) it was opened from (null for sessions opened before).
ALTER TABLE "sessions" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device" text;--> statement-breakpoint

-- ── gift requests: the cart (`open`, one per pupil) becomes an order when the delivery form is sent ──
CREATE TABLE "gift_requests" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "status" text DEFAULT 'open' NOT NULL,
  -- The tokens spent (the sum of the items' prices when ordered).
  "amount" integer DEFAULT 0 NOT NULL,
  "name" text,
  "phone1" text,
  "phone2" text,
  "email" text,
  "state_id" integer REFERENCES "states"("id"),
  "address" text,
  "postal_code" text,
  "note" text,
  -- The operator's reason of the last step (a rejection's).
  "reason" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "ordered_at" timestamp with time zone,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "gift_requests_status_check" CHECK ("status" IN ('open', 'pending', 'approved', 'rejected', 'shipped', 'delivered')),
  CONSTRAINT "gift_requests_amount_check" CHECK ("amount" >= 0),
  CONSTRAINT "gift_requests_ordered_check" CHECK ("status" = 'open' OR ("ordered_at" IS NOT NULL AND "name" IS NOT NULL AND "address" IS NOT NULL))
);--> statement-breakpoint
CREATE INDEX "gift_requests_user_idx" ON "gift_requests" ("user_id", "id");--> statement-breakpoint
-- One cart per pupil: concurrent first adds make one.
CREATE UNIQUE INDEX "gift_requests_one_open_uq" ON "gift_requests" ("user_id") WHERE "status" = 'open';--> statement-breakpoint
CREATE TABLE "gift_request_items" (
  "id" serial PRIMARY KEY NOT NULL,
  "gift_request_id" integer NOT NULL REFERENCES "gift_requests"("id") ON DELETE CASCADE,
  "gift_id" integer NOT NULL REFERENCES "gifts"("id"),
  -- The gift's price in tokens when ordered (null while in the cart: the catalogue's price applies).
  "amount" integer,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "gift_request_items_amount_check" CHECK ("amount" IS NULL OR "amount" > 0)
);--> statement-breakpoint
CREATE INDEX "gift_request_items_request_idx" ON "gift_request_items" ("gift_request_id", "id");--> statement-breakpoint

-- ── referral flags: a code use the operator should review (never refused: siblings share tablets) ──
CREATE TABLE "referral_flags" (
  "id" serial PRIMARY KEY NOT NULL,
  "kind" text NOT NULL,
  "referrer_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "friend_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "discount_use_id" integer NOT NULL REFERENCES "discount_code_uses"("id") ON DELETE CASCADE,
  "detail" text DEFAULT '' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "referral_flags_kind_check" CHECK ("kind" IN ('same_ip', 'same_device', 'daily_rewards'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "referral_flags_use_uq" ON "referral_flags" ("kind", "discount_use_id");--> statement-breakpoint
CREATE INDEX "referral_flags_referrer_idx" ON "referral_flags" ("referrer_id", "id");
