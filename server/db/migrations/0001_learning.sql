CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"division_id" integer,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"level" text DEFAULT 'info' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookmarks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chapter_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"chapter_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"tab_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chapter_tabs" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chapters" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"position" integer NOT NULL,
	"instructor_id" integer,
	CONSTRAINT "chapters_type_check" CHECK ("chapters"."type" in ('course', 'recording', 'exam', 'divers'))
);
--> statement-breakpoint
CREATE TABLE "contents" (
	"id" serial PRIMARY KEY NOT NULL,
	"chapter_id" integer NOT NULL,
	"section_id" integer,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"type_id" integer NOT NULL,
	"position" integer NOT NULL,
	"video_url" text,
	"duration_s" integer,
	"pages" jsonb,
	"rtl" boolean DEFAULT false NOT NULL,
	"qcm_id" integer,
	"event_start" timestamp with time zone,
	"is_free" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contents_type_check" CHECK ("contents"."type_id" in (1, 2, 3, 5, 6))
);
--> statement-breakpoint
CREATE TABLE "group_subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"subject_id" integer,
	"all_subjects" boolean DEFAULT false NOT NULL,
	CONSTRAINT "group_subjects_target" CHECK ("group_subjects"."all_subjects" OR "group_subjects"."subject_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "instructors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"last_name" text NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "progress" (
	"user_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"percentage" real DEFAULT 0 NOT NULL,
	"last_watched_second" integer DEFAULT 0 NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "progress_user_id_content_id_pk" PRIMARY KEY("user_id","content_id")
);
--> statement-breakpoint
CREATE TABLE "promo_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"division_id" integer,
	"subject_id" integer,
	"type" text NOT NULL,
	"icon_url" text,
	"text" text NOT NULL,
	"text_image_url" text,
	"video_link" text,
	"url_link" text,
	"background_url" text,
	"visible" boolean DEFAULT true NOT NULL,
	"icon_position" text,
	"color" text,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_reasons" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"division_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"name_ar" text NOT NULL,
	"color" text NOT NULL,
	"thumbnail" text,
	"position" integer NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"reason_id" integer NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reject_reason" text
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_sections" ADD CONSTRAINT "chapter_sections_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_sections" ADD CONSTRAINT "chapter_sections_tab_id_chapter_tabs_id_fk" FOREIGN KEY ("tab_id") REFERENCES "public"."chapter_tabs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_instructor_id_instructors_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."instructors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_section_id_chapter_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."chapter_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_subjects" ADD CONSTRAINT "group_subjects_group_id_offer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."offer_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_subjects" ADD CONSTRAINT "group_subjects_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress" ADD CONSTRAINT "progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress" ADD CONSTRAINT "progress_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_cards" ADD CONSTRAINT "promo_cards_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_cards" ADD CONSTRAINT "promo_cards_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_reports" ADD CONSTRAINT "video_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_reports" ADD CONSTRAINT "video_reports_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_reports" ADD CONSTRAINT "video_reports_reason_id_report_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."report_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_content_idx" ON "attachments" USING btree ("content_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookmarks_user_content_uq" ON "bookmarks" USING btree ("user_id","content_id");--> statement-breakpoint
CREATE INDEX "chapter_sections_chapter_idx" ON "chapter_sections" USING btree ("chapter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chapters_subject_slug_uq" ON "chapters" USING btree ("subject_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "contents_chapter_slug_uq" ON "contents" USING btree ("chapter_id","slug");--> statement-breakpoint
CREATE INDEX "contents_created_idx" ON "contents" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "group_subjects_group_idx" ON "group_subjects" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_division_slug_uq" ON "subjects" USING btree ("division_id","slug");--> statement-breakpoint
CREATE INDEX "video_reports_user_idx" ON "video_reports" USING btree ("user_id");