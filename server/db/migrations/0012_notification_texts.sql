-- Notification texts in the pupil's language (issue 11): the English and Arabic title and body beside the French
-- reference (`title`, `body`), as the catalogue's `*_ar` / `*_en` columns (0004); null when there is no translation
-- (the French is shown). A push token carries the language of its device, so its pushes are written in it.
ALTER TABLE "notifications" ADD COLUMN "title_ar" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "title_en" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "body_ar" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "body_en" text;--> statement-breakpoint
ALTER TABLE "push_tokens" ADD COLUMN "language" text DEFAULT 'fr' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_tokens" ADD CONSTRAINT "push_tokens_language_ck" CHECK (language IN ('fr', 'en', 'ar'));--> statement-breakpoint
-- The demo notifications of a database seeded before this migration get their translations (same texts as the seed).
UPDATE "notifications" SET
  title_en = 'Welcome to Darsi', body_en = 'Complete your profile to enjoy every feature.',
  title_ar = 'مرحبًا بك في Darsi', body_ar = 'أكمل ملفك الشخصي للاستفادة من جميع الميزات.'
 WHERE type = 'welcome' AND title = 'Bienvenue sur Darsi' AND title_en IS NULL;--> statement-breakpoint
UPDATE "notifications" SET
  title_en = 'New lesson', body_en = 'Mathematics: a new lesson on sequences is online.',
  title_ar = 'درس جديد', body_ar = 'الرياضيات: درس جديد حول المتتاليات العددية متاح الآن.'
 WHERE type = 'new_content' AND body = 'Mathématiques : un nouveau cours sur les suites numériques est en ligne.' AND title_en IS NULL;--> statement-breakpoint
UPDATE "notifications" SET
  title_en = 'Session moved', body_en = 'Wednesday''s physics session has been moved to 6 p.m.',
  title_ar = 'تغيير موعد حصة', body_ar = 'تم تغيير موعد حصة الفيزياء يوم الأربعاء إلى الساعة 18:00.'
 WHERE type = 'session_moved' AND body = 'La séance de physique de mercredi est déplacée à 18 h.' AND title_en IS NULL;--> statement-breakpoint
UPDATE "notifications" SET
  title_en = 'New message', body_en = 'Mock baccalaureate in mathematics',
  title_ar = 'رسالة جديدة', body_ar = 'البكالوريا التجريبية في الرياضيات'
 WHERE type = 'message' AND title = 'Nouveau message' AND body = 'Bac blanc de mathématiques' AND title_en IS NULL;
