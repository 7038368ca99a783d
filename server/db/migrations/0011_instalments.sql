-- Instalments (issue 9, SPEC §3 "Offer": slices, indexSliceToPay): a year offer sold in `offers.slices` parts. Each
-- payment is one subscription row covering the instalments it paid (slice_index, slice_count: 0-based first one and how
-- many) of the pupil's plan (plan_start: the first instalment's day; plan_total: the year's price it splits, agreed
-- at the first instalment). Rows bought in full have no plan (all four null).
ALTER TABLE "affiliations" ADD COLUMN "slice_index" integer;--> statement-breakpoint
ALTER TABLE "affiliations" ADD COLUMN "slice_count" integer;--> statement-breakpoint
ALTER TABLE "affiliations" ADD COLUMN "plan_total" bigint;--> statement-breakpoint
ALTER TABLE "affiliations" ADD COLUMN "plan_start" date;--> statement-breakpoint
-- When the pupil was told that the next instalment is due (once per row).
ALTER TABLE "affiliations" ADD COLUMN "due_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "affiliations" ADD CONSTRAINT "affiliations_plan_ck" CHECK (
  (slice_index IS NULL AND slice_count IS NULL AND plan_total IS NULL AND plan_start IS NULL)
  OR (slice_index >= 0 AND slice_count >= 1 AND plan_total >= 0 AND plan_start IS NOT NULL)
);--> statement-breakpoint
CREATE INDEX "affiliations_plan_idx" ON "affiliations" ("user_id", "offer_id") WHERE slice_index IS NOT NULL;
