-- Issue 23 (item 2): a pupil's PIN on a class tablet is 4 digits or a sequence of 4 pictures among 9; the kind they
-- chose is kept beside its hash so that the tablet shows the right keypad. Existing PINs are digits.
ALTER TABLE "tablet_pins" ADD COLUMN "kind" text DEFAULT 'digits' NOT NULL;--> statement-breakpoint
ALTER TABLE "tablet_pins" ADD CONSTRAINT "tablet_pins_kind_check" CHECK ("tablet_pins"."kind" IN ('digits', 'pictures'));
