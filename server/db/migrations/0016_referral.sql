-- Referral gifts (issue 20): the pupil's gift code is their referral discount code (one per pupil), tokens (jetons)
-- live in their own append-only ledger, and the gift catalogue.
--
-- The gift code: `discount_codes` of kind `referral` (the checkout already applies them); one per pupil, so that
-- concurrent generations make one code. `users.gift_code` and `users.gift_point` duplicated it and the token balance:
-- they are dropped at the end, once the balances they held are carried into the token ledger.
CREATE UNIQUE INDEX "discount_codes_one_referral_uq" ON "discount_codes" ("user_id") WHERE "kind" = 'referral';--> statement-breakpoint

-- ── tokens: one account per pupil, kept by the ledger's trigger only ──
-- `owed`: tokens a refund could not take back (the pupil had spent them); settled from the next earnings.
CREATE TABLE "token_accounts" (
  "user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "balance" integer DEFAULT 0 NOT NULL,
  "owed" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "token_accounts_balance_non_negative" CHECK ("balance" >= 0),
  CONSTRAINT "token_accounts_owed_non_negative" CHECK ("owed" >= 0)
);--> statement-breakpoint
-- One row per movement of a pupil's tokens, with its reason and what it is about; `amount` moves the balance,
-- `owed` the debt (a refund that could not take everything back records the rest; an earning settles it first).
CREATE TABLE "token_entries" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "amount" integer NOT NULL,
  "owed" integer DEFAULT 0 NOT NULL,
  "reason" text NOT NULL,
  "ref_type" text,
  "ref_id" text,
  "description" text DEFAULT '' NOT NULL,
  "admin_id" integer,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "token_entries_moves_something" CHECK ("amount" <> 0 OR "owed" <> 0),
  CONSTRAINT "token_entries_reason_check" CHECK ("reason" IN ('referral', 'converted', 'order', 'order_returned', 'refund', 'operator'))
);--> statement-breakpoint
CREATE INDEX "token_entries_user_idx" ON "token_entries" ("user_id", "id");--> statement-breakpoint
-- One effect per business object: a second reward for one code use, a second take-back at its refund, a second
-- debit of one conversion are refused by the database.
CREATE UNIQUE INDEX "token_entries_reference_uq" ON "token_entries" ("reason", "ref_type", "ref_id", "user_id");--> statement-breakpoint
CREATE TRIGGER "token_entries_append_only" BEFORE UPDATE OR DELETE ON "token_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
CREATE TRIGGER "token_entries_no_truncate" BEFORE TRUNCATE ON "token_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
CREATE FUNCTION "token_ledger_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "token_accounts" ("user_id", "balance", "owed") VALUES (NEW."user_id", 0, 0) ON CONFLICT DO NOTHING;
  UPDATE "token_accounts" SET "balance" = "balance" + NEW."amount", "owed" = "owed" + NEW."owed" WHERE "user_id" = NEW."user_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "token_entries_apply" AFTER INSERT ON "token_entries"
  FOR EACH ROW EXECUTE FUNCTION "token_ledger_apply"();--> statement-breakpoint
-- A token balance moves only from the ledger's trigger (depth 2); a direct UPDATE (depth 1) is refused.
CREATE FUNCTION "token_accounts_by_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."balance" IS DISTINCT FROM OLD."balance" OR NEW."owed" IS DISTINCT FROM OLD."owed") AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'a token balance changes only through token_entries' USING ERRCODE = 'raise_exception';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "token_accounts_balance_guard" BEFORE UPDATE ON "token_accounts"
  FOR EACH ROW EXECUTE FUNCTION "token_accounts_by_ledger"();--> statement-breakpoint
-- The tokens a database held in `users.gift_point` become each pupil's opening entry, a `users.gift_code` their referral
-- code (unless they have one), then the old columns go.
INSERT INTO "token_entries" ("user_id", "amount", "reason", "ref_type", "ref_id", "description")
  SELECT "id", "gift_point", 'operator', 'migration', '0016', 'Solde de jetons repris' FROM "users" WHERE "gift_point" > 0;--> statement-breakpoint
INSERT INTO "discount_codes" ("user_id", "code", "kind", "type", "amount", "owner_share_percent")
  SELECT "id", upper("gift_code"), 'referral', 'percentage', 5, 5 FROM "users" WHERE upper("gift_code") LIKE 'CP-%' ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "gift_code";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "gift_point";--> statement-breakpoint

-- ── conversions of tokens to points (one per request; the points movement and the token entry refer to it) ──
CREATE TABLE "token_conversions" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "tokens" integer NOT NULL,
  "points" bigint NOT NULL,
  "movement_id" uuid,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "token_conversions_tokens_check" CHECK ("tokens" > 0),
  CONSTRAINT "token_conversions_points_check" CHECK ("points" > 0)
);--> statement-breakpoint
CREATE INDEX "token_conversions_user_idx" ON "token_conversions" ("user_id", "id");--> statement-breakpoint

-- ── the gift catalogue ──
CREATE TABLE "gifts" (
  "id" serial PRIMARY KEY NOT NULL,
  "name" text NOT NULL,
  "name_en" text NOT NULL,
  "name_ar" text NOT NULL,
  "description" text DEFAULT '' NOT NULL,
  "description_en" text DEFAULT '' NOT NULL,
  "description_ar" text DEFAULT '' NOT NULL,
  "amount" integer NOT NULL,
  "stock" integer DEFAULT 0 NOT NULL,
  "active" boolean DEFAULT true NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "gifts_amount_check" CHECK ("amount" > 0),
  CONSTRAINT "gifts_stock_non_negative" CHECK ("stock" >= 0)
);--> statement-breakpoint
CREATE TABLE "gift_images" (
  "id" serial PRIMARY KEY NOT NULL,
  "gift_id" integer NOT NULL REFERENCES "gifts"("id") ON DELETE CASCADE,
  "file_url" text NOT NULL,
  "is_cover" boolean DEFAULT false NOT NULL,
  "position" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE INDEX "gift_images_gift_idx" ON "gift_images" ("gift_id", "position");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_images_one_cover_uq" ON "gift_images" ("gift_id") WHERE "is_cover";
