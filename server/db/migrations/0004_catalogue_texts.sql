-- Catalogue texts in Arabic and English beside the French reference text (the client picks by language, French when
-- a translation is missing), as subjects already had name_ar.
ALTER TABLE "subjects" ADD COLUMN "name_en" text;
--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "name_ar" text;
--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "name_en" text;
--> statement-breakpoint
ALTER TABLE "chapter_sections" ADD COLUMN "name_ar" text;
--> statement-breakpoint
ALTER TABLE "chapter_sections" ADD COLUMN "name_en" text;
--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "name_ar" text;
--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "name_en" text;
--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "name_ar" text;
--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "name_en" text;
--> statement-breakpoint
ALTER TABLE "instructors" ADD COLUMN "description_ar" text;
--> statement-breakpoint
ALTER TABLE "instructors" ADD COLUMN "description_en" text;
--> statement-breakpoint
ALTER TABLE "promo_cards" ADD COLUMN "text_ar" text;
--> statement-breakpoint
ALTER TABLE "promo_cards" ADD COLUMN "text_en" text;
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "title_ar" text;
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "title_en" text;
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "body_ar" text;
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "body_en" text;
