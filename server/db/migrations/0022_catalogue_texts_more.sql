-- Issue 22 (every word in the pupil's language): catalogue texts that had only their French name get their Arabic and
-- English names beside it, like the others (migration 0004): the video-report reasons and the offer groups.
ALTER TABLE "report_reasons" ADD COLUMN "name_ar" text;--> statement-breakpoint
ALTER TABLE "report_reasons" ADD COLUMN "name_en" text;--> statement-breakpoint
UPDATE "report_reasons" SET "name_ar" = 'الفيديو لا يشتغل', "name_en" = 'The video does not start' WHERE "id" = 1;--> statement-breakpoint
UPDATE "report_reasons" SET "name_ar" = 'الصوت غير مسموع', "name_en" = 'The sound cannot be heard' WHERE "id" = 2;--> statement-breakpoint
UPDATE "report_reasons" SET "name_ar" = 'محتوى خاطئ', "name_en" = 'Wrong content' WHERE "id" = 3;--> statement-breakpoint
UPDATE "report_reasons" SET "name_ar" = 'سبب آخر', "name_en" = 'Other' WHERE "id" = 4;--> statement-breakpoint
-- The offer groups (the names shown on the home badge, /revenu, the history and the operator page) likewise.
ALTER TABLE "offer_groups" ADD COLUMN "name_ar" text;--> statement-breakpoint
ALTER TABLE "offer_groups" ADD COLUMN "name_en" text;--> statement-breakpoint
UPDATE "offer_groups" AS g SET "name_ar" = t.ar, "name_en" = t.en FROM (VALUES
  (33, 'فضي', 'Silver'),
  (34, 'فضي+', 'Silver+'),
  (35, 'ذهبي', 'Gold'),
  (36, 'ممتاز', 'Excellent'),
  (37, 'عادي', 'Standard'),
  (38, 'توب 50', 'Top 50'),
  (80, 'أوبتيموم', 'Optimum'),
  (83, 'باقة التسجيلات', 'Recordings pack'),
  (84, 'باقة المواد', 'Subject pack'),
  (85, 'كل المواد', 'All subjects'),
  (102, 'تربص مكثف', 'Intensive course'),
  (104, 'تجربة', 'Trial'),
  (107, 'ابن(ة) مدرّس', 'Teacher''s child'),
  (112, 'ابن(ة) مدرّس (نموذجي)', 'Teacher''s child (pilot)'),
  (115, 'باقة 2-3 مواد', '2-3 subject pack'),
  (119, 'باقة المراجعة', 'Revision pack'),
  (122, 'كل المواد (ثلاثي)', 'All subjects (term)'),
  (127, 'كل المواد (شهر)', 'All subjects (month)')
) AS t(id, ar, en) WHERE g."id" = t.id;
--> statement-breakpoint
-- Messages and pop-ups carry their Arabic and English name and body beside the French (null: the French is shown).
ALTER TABLE "inbox_messages" ADD COLUMN "name_ar" text;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD COLUMN "body_ar" text;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD COLUMN "body_en" text;--> statement-breakpoint
ALTER TABLE "popups" ADD COLUMN "name_ar" text;--> statement-breakpoint
ALTER TABLE "popups" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "popups" ADD COLUMN "body_ar" text;--> statement-breakpoint
ALTER TABLE "popups" ADD COLUMN "body_en" text;
--> statement-breakpoint
-- The demo's messages and pop-up, for a database seeded before this migration (server/db/seed/notifications.ts).
UPDATE "inbox_messages" SET "name_en" = 'Welcome to your messages', "body_en" = 'Here you will receive the Darsi team''s messages: schedule changes, revision tips and answers to your requests.', "name_ar" = 'مرحبًا بك في رسائلك', "body_ar" = 'ستصلك هنا رسائل فريق Darsi: تغييرات في البرنامج، نصائح للمراجعة وردود على طلباتك.' WHERE "name" = 'Bienvenue dans votre messagerie';--> statement-breakpoint
UPDATE "inbox_messages" SET "name_en" = 'Mathematics mock exam', "body_en" = 'The mathematics mock exam takes place on Saturday at 9 am. The paper will be in the subject''s Exams tab.', "name_ar" = 'باكالوريا تجريبية في الرياضيات', "body_ar" = 'ستُجرى الباكالوريا التجريبية في الرياضيات يوم السبت على الساعة 9 صباحًا. سيكون الموضوع متاحًا في تبويب الامتحانات الخاص بالمادة.' WHERE "name" = 'Bac blanc de mathématiques';--> statement-breakpoint
UPDATE "popups" SET "name_en" = 'Welcome to Darsi', "body_en" = 'This week''s live sessions are under “Live”. Turn on notifications so you miss nothing.', "name_ar" = 'مرحبًا بك في Darsi', "body_ar" = 'حصص الأسبوع المباشرة موجودة في «مباشر». فعّل الإشعارات حتى لا يفوتك شيء.' WHERE "name" = 'Bienvenue sur Darsi';
