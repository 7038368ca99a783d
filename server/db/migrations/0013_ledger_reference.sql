-- Money without a corner case (issue 18).
--
-- The database refuses a second effect for one business object: one entry of a kind per (reference, wallet). Every
-- movement of the code names what it is about (a top-up, an affiliation — one per purchase or instalment payment —, a
-- transfer, a discount code's use, an operator subscription's period, a payout), so a second credit of the same top-up,
-- a second refund of one purchase or a second payment of one operator period fails here whatever the code above did.
-- Entries without a reference (initial fundings of old seeds and benchmarks) are not constrained (NULLs are distinct).
CREATE UNIQUE INDEX "ledger_entries_reference_uq" ON "ledger_entries" ("kind", "ref_type", "ref_id", "wallet_id");--> statement-breakpoint
-- A refund takes back the code owner's share (what their balance still holds of it): how much was taken back.
ALTER TABLE "discount_code_uses" ADD COLUMN "reclaimed" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_code_uses" ADD CONSTRAINT "discount_code_uses_reclaimed_ck" CHECK ("reclaimed" >= 0 AND "reclaimed" <= "owner_profit");--> statement-breakpoint
-- An operator renewal is charged in three steps, none holding a lock across the network call: (1) this row records the
-- intent with its reference (the operator's idempotency key: `<order id>:<period>`), (2) the call, outside any
-- transaction, (3) a short transaction settles it once. A row left pending (the process died between the operator's
-- answer and the commit, or the call failed) is found by the next run, which asks the operator for its status.
-- `lease_until` keeps concurrent runs (several machines' timers) from calling the operator twice at the same time.
CREATE TABLE "operator_charges" (
  "id" serial PRIMARY KEY,
  "subscription_id" integer NOT NULL REFERENCES "operator_subscriptions"("id") ON DELETE CASCADE,
  "period" integer NOT NULL CHECK ("period" >= 2),
  "reference" text NOT NULL UNIQUE,
  "amount" bigint NOT NULL CHECK ("amount" > 0),
  "status" text NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'charged', 'refused')),
  "attempts" integer NOT NULL DEFAULT 0,
  "lease_until" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "settled_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "operator_charges_period_uq" ON "operator_charges" ("subscription_id", "period");--> statement-breakpoint
CREATE INDEX "operator_charges_pending_idx" ON "operator_charges" ("subscription_id") WHERE "status" = 'pending';--> statement-breakpoint
-- The operator's confirmation page of an order, asked after the order is committed (no lock across the call) and kept,
-- so a retried checkout answers the same page.
ALTER TABLE "operator_subscriptions" ADD COLUMN "redirect_url" text;--> statement-breakpoint
-- The local operator sandbox's own memory (a stand-in for Digital Virgo's): the charges it made, by reference, so a
-- repeated charge answers the first outcome and a status query finds it; and the lines it was told have little credit.
CREATE TABLE "operator_sandbox_charges" (
  "reference" text PRIMARY KEY,
  "order_id" text NOT NULL,
  "phone" text NOT NULL,
  "amount" bigint NOT NULL CHECK ("amount" > 0),
  "status" text NOT NULL CHECK ("status" IN ('charged', 'refused')),
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE TABLE "operator_sandbox_lines" (
  "phone" text PRIMARY KEY,
  -- millimes of prepaid credit left on the line; a charge above it is refused (a line absent here has credit enough)
  "credit" bigint NOT NULL CHECK ("credit" >= 0)
);
