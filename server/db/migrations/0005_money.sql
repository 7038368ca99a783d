-- Money (issue 9). Every amount is an integer number of millimes (1 TND = 1,000 millimes; 1 point = 1 TND).
-- The ledger is the only way a balance changes: entries are append-only, each movement sums to zero (checked at
-- commit), a user's balance can never go negative, and `wallets.balance` is maintained by the ledger's own trigger —
-- a direct UPDATE of a balance is refused. The platform's own wallets (negative ids) keep no stored balance: theirs is
-- the sum of their entries, so that every purchase and top-up does not queue on one hot row.

-- ── amounts in millimes ──
ALTER TABLE "wallets" ALTER COLUMN "balance" TYPE bigint USING "balance"::bigint * 1000;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "amount" TYPE bigint USING "amount"::bigint * 1000;
--> statement-breakpoint
ALTER TABLE "affiliations" ALTER COLUMN "amount_paid" TYPE bigint USING "amount_paid"::bigint * 1000;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "ref_type" text;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "ref_id" text;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "admin_id" integer;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_amount_non_zero" CHECK ("amount" <> 0);
--> statement-breakpoint
CREATE INDEX "ledger_ref_idx" ON "ledger_entries" ("ref_type", "ref_id");
--> statement-breakpoint

-- ── the ledger's rules, in the database ──
CREATE FUNCTION "ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only' USING ERRCODE = 'raise_exception';
END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_append_only"();
--> statement-breakpoint
CREATE FUNCTION "ledger_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A platform wallet (negative id): its balance is the sum of its entries, never a row every movement must lock.
  IF NEW."wallet_id" < 0 THEN
    RETURN NEW;
  END IF;
  UPDATE "wallets" SET "balance" = "balance" + NEW."amount" WHERE "owner_id" = NEW."wallet_id";
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no wallet %', NEW."wallet_id" USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_apply" AFTER INSERT ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_apply"();
--> statement-breakpoint
CREATE FUNCTION "ledger_movement_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE total bigint;
BEGIN
  SELECT coalesce(sum("amount"), 0) INTO total FROM "ledger_entries" WHERE "movement_id" = NEW."movement_id";
  IF total <> 0 THEN
    RAISE EXCEPTION 'movement % does not sum to zero (%)', NEW."movement_id", total USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_movement_balanced"();
--> statement-breakpoint
-- A balance moves only from the ledger's trigger (depth 2); a direct UPDATE (depth 1) is refused.
CREATE FUNCTION "wallets_balance_by_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."balance" IS DISTINCT FROM OLD."balance" AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'a balance changes only through ledger_entries' USING ERRCODE = 'raise_exception';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "wallets_balance_guard" BEFORE UPDATE OF "balance" ON "wallets"
  FOR EACH ROW EXECUTE FUNCTION "wallets_balance_by_ledger"();
--> statement-breakpoint
-- ── the catalogue of offers ──
CREATE TABLE "offers" (
  "id" integer PRIMARY KEY,
  "group_id" integer NOT NULL REFERENCES "offer_groups"("id"),
  "name" text NOT NULL,
  "name_ar" text,
  "name_en" text,
  "type" text NOT NULL CHECK ("type" IN ('primary', 'pack')),
  "color" text NOT NULL,
  "description" text NOT NULL DEFAULT '',
  "description_ar" text,
  "description_en" text,
  "position" integer NOT NULL,
  "disabled" boolean NOT NULL DEFAULT false,
  "is_free" boolean NOT NULL DEFAULT false,
  -- the pupil picks subjects (per-subject prices in offer_subject_details)
  "per_subject" boolean NOT NULL DEFAULT false,
  -- offer 102: one period only, no switch
  "period_switch" boolean NOT NULL DEFAULT true,
  -- instalments of a year's price (slices); the first one carries the discount codes
  "slices" integer NOT NULL DEFAULT 1 CHECK ("slices" BETWEEN 1 AND 12)
);
--> statement-breakpoint
CREATE TABLE "offer_divisions" (
  "id" serial PRIMARY KEY,
  "offer_id" integer NOT NULL REFERENCES "offers"("id"),
  "division_id" integer NOT NULL REFERENCES "divisions"("id"),
  -- the class discount of SPEC §3 "Discount on an offer division"
  "discount_type" text CHECK ("discount_type" IN ('percentage', 'fixed')),
  "discount_amount" integer CHECK ("discount_amount" >= 0),
  "on_base_price" boolean NOT NULL DEFAULT false
);
--> statement-breakpoint
CREATE UNIQUE INDEX "offer_divisions_offer_division_uq" ON "offer_divisions" ("offer_id", "division_id");
--> statement-breakpoint
CREATE INDEX "offer_divisions_division_idx" ON "offer_divisions" ("division_id");
--> statement-breakpoint
CREATE TABLE "offer_prices" (
  "offer_division_id" integer NOT NULL REFERENCES "offer_divisions"("id") ON DELETE CASCADE,
  "period" text NOT NULL CHECK ("period" IN ('day', 'week', 'month', 'year', 'free')),
  "price" bigint NOT NULL CHECK ("price" >= 0),
  PRIMARY KEY ("offer_division_id", "period")
);
--> statement-breakpoint
CREATE TABLE "offer_subject_details" (
  "id" serial PRIMARY KEY,
  "offer_division_id" integer NOT NULL REFERENCES "offer_divisions"("id") ON DELETE CASCADE,
  "subject_id" integer NOT NULL REFERENCES "subjects"("id") ON DELETE CASCADE,
  "price" bigint NOT NULL CHECK ("price" >= 0),
  "description" text NOT NULL DEFAULT ''
);
--> statement-breakpoint
CREATE UNIQUE INDEX "offer_subject_details_uq" ON "offer_subject_details" ("offer_division_id", "subject_id");
--> statement-breakpoint

-- ── subscriptions (affiliations) bought with points ──
ALTER TABLE "affiliations" ADD COLUMN "offer_division_id" integer REFERENCES "offer_divisions"("id");
--> statement-breakpoint
-- null: every subject the offer's group unlocks; otherwise only these subjects
ALTER TABLE "affiliations" ADD COLUMN "subject_ids" integer[];
--> statement-breakpoint
ALTER TABLE "affiliations" ADD COLUMN "chapter_id" integer REFERENCES "chapters"("id");
--> statement-breakpoint
ALTER TABLE "affiliations" ADD COLUMN "movement_id" uuid;
--> statement-breakpoint
ALTER TABLE "affiliations" ADD COLUMN "created_at" timestamp with time zone NOT NULL DEFAULT now();
--> statement-breakpoint
ALTER TABLE "affiliations" ADD CONSTRAINT "affiliations_amount_non_negative" CHECK ("amount_paid" >= 0);
--> statement-breakpoint
-- an operator's refund (`npm run admin -- refund-purchase <id>`): the price paid back once, the access ended
ALTER TABLE "affiliations" ADD COLUMN "refunded_at" timestamp with time zone;
--> statement-breakpoint

-- ── discount codes: coupons, influencers' codes, referral codes (CP-…) ──
ALTER TABLE "discount_codes" ALTER COLUMN "user_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "kind" text NOT NULL DEFAULT 'influencer' CHECK ("kind" IN ('coupon', 'influencer', 'referral'));
--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "max_uses" integer CHECK ("max_uses" > 0);
--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "division_ids" integer[];
--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "offer_ids" integer[];
--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "periods" text[];
--> statement-breakpoint
-- the owner's share of the price paid, in percent (influencer revenue, referral reward)
ALTER TABLE "discount_codes" ADD COLUMN "owner_share_percent" integer NOT NULL DEFAULT 0 CHECK ("owner_share_percent" BETWEEN 0 AND 100);
--> statement-breakpoint
CREATE TABLE "discount_code_uses" (
  "id" serial PRIMARY KEY,
  "code_id" integer NOT NULL REFERENCES "discount_codes"("id"),
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "affiliation_id" integer NOT NULL REFERENCES "affiliations"("id") ON DELETE CASCADE,
  "discount" bigint NOT NULL CHECK ("discount" >= 0),
  "owner_profit" bigint NOT NULL DEFAULT 0 CHECK ("owner_profit" >= 0),
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX "discount_code_uses_code_user_uq" ON "discount_code_uses" ("code_id", "user_id");
--> statement-breakpoint
-- The code a pupil has added before paying: one at a time.
CREATE TABLE "applied_discount_codes" (
  "id" serial PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "code_id" integer NOT NULL REFERENCES "discount_codes"("id") ON DELETE CASCADE,
  "offer_id" integer NOT NULL REFERENCES "offers"("id"),
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX "applied_discount_codes_user_uq" ON "applied_discount_codes" ("user_id");
--> statement-breakpoint
-- Influencers' revenue paid out (the /revenu page's benefit payments).
CREATE TABLE "benefit_payments" (
  "id" serial PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "amount" bigint NOT NULL CHECK ("amount" > 0),
  "payed_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint

-- ── top-ups (points history rows) ──
CREATE TABLE "topup_codes" (
  "id" serial PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  -- bank | d17 | online | operator
  "payment_method" text NOT NULL CHECK ("payment_method" IN ('bank', 'd17', 'online', 'operator')),
  "reference" text,
  "amount" bigint NOT NULL CHECK ("amount" > 0),
  "comment" text,
  "status" text NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'approved', 'rejected', 'failed')),
  -- the order id given to a payment gateway (online, D17): unique, unguessable
  "order_id" text UNIQUE,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "decided_at" timestamp with time zone,
  "decided_by" text,
  "movement_id" uuid
);
--> statement-breakpoint
CREATE INDEX "topup_codes_user_idx" ON "topup_codes" ("user_id", "id");
--> statement-breakpoint

-- ── the local payment sandbox (a stand-in for the card gateway and D17, which cannot be reached from here): the
-- gateway's own record of the orders registered with it and what the payer did on its page ──
CREATE TABLE "payment_sandbox_orders" (
  "order_id" text PRIMARY KEY,
  "provider" text NOT NULL CHECK ("provider" IN ('card', 'd17')),
  "amount" bigint NOT NULL CHECK ("amount" > 0),
  "status" text NOT NULL DEFAULT 'created' CHECK ("status" IN ('created', 'paid', 'failed')),
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "decided_at" timestamp with time zone
);
--> statement-breakpoint

-- ── point transfers ──
CREATE TABLE "transfers" (
  "id" serial PRIMARY KEY,
  "from_user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "to_user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "amount" bigint NOT NULL CHECK ("amount" > 0),
  "status" text NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'confirmed', 'cancelled')),
  "admin_id" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  "movement_id" uuid,
  CONSTRAINT "transfers_not_to_self" CHECK ("from_user_id" <> "to_user_id")
);
--> statement-breakpoint
CREATE INDEX "transfers_from_idx" ON "transfers" ("from_user_id", "id");
--> statement-breakpoint
CREATE INDEX "transfers_to_idx" ON "transfers" ("to_user_id", "id");
--> statement-breakpoint

-- ── mobile-operator subscriptions (Digital Virgo) ──
CREATE TABLE "operator_subscriptions" (
  "id" serial PRIMARY KEY,
  "user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "phone" text NOT NULL,
  "division_id" integer NOT NULL REFERENCES "divisions"("id"),
  "recurrence" integer NOT NULL CHECK ("recurrence" IN (1, 7)),
  "price" bigint NOT NULL CHECK ("price" > 0),
  "status" text NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'active', 'failed', 'cancelled')),
  "order_id" text NOT NULL UNIQUE,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "activated_at" timestamp with time zone,
  "renews_at" timestamp with time zone,
  "cancelled_at" timestamp with time zone,
  -- the pupil's account was created by this subscription's activation (a visitor's phone)
  "account_created" boolean NOT NULL DEFAULT false
);
--> statement-breakpoint
CREATE UNIQUE INDEX "operator_subscriptions_live_phone_uq" ON "operator_subscriptions" ("phone") WHERE "status" IN ('pending', 'active');
