-- Exams (issue 10): exams of a subject with their own files, each pupil's start (the server-owned timer), homework
-- files and resumable uploads.
CREATE TABLE "exams" (
  "id" serial PRIMARY KEY,
  "subject_id" integer NOT NULL REFERENCES "subjects"("id") ON DELETE CASCADE,
  "instructor_id" integer REFERENCES "instructors"("id"),
  "name" text NOT NULL,
  "name_ar" text,
  "name_en" text,
  "kind" text NOT NULL,
  "appearance_date" timestamp with time zone NOT NULL,
  "due_date" timestamp with time zone NOT NULL,
  "duration" integer NOT NULL DEFAULT 0,
  "disabled" boolean NOT NULL DEFAULT false,
  CONSTRAINT "exams_kind_check" CHECK ("kind" in ('bac_blanc', 'devoir')),
  CONSTRAINT "exams_duration_check" CHECK ("duration" >= 0 AND "duration" <= 1440),
  CONSTRAINT "exams_dates_check" CHECK ("due_date" > "appearance_date")
);
--> statement-breakpoint
CREATE INDEX "exams_subject_idx" ON "exams" ("subject_id", "due_date");
--> statement-breakpoint
CREATE TABLE "exam_documents" (
  "id" serial PRIMARY KEY,
  "exam_id" integer NOT NULL REFERENCES "exams"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "name" text NOT NULL,
  "storage_key" text NOT NULL,
  "size" integer NOT NULL,
  "mime" text NOT NULL,
  CONSTRAINT "exam_documents_kind_check" CHECK ("kind" in ('exam', 'homework', 'homework_correction', 'exam_correction'))
);
--> statement-breakpoint
CREATE INDEX "exam_documents_exam_idx" ON "exam_documents" ("exam_id");
--> statement-breakpoint
CREATE TABLE "exam_starts" (
  "exam_id" integer NOT NULL REFERENCES "exams"("id") ON DELETE CASCADE,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "started_at" timestamp with time zone NOT NULL,
  "deadline" timestamp with time zone NOT NULL,
  PRIMARY KEY ("exam_id", "user_id")
);
--> statement-breakpoint
CREATE TABLE "exam_homework_files" (
  "id" serial PRIMARY KEY,
  "exam_id" integer NOT NULL REFERENCES "exams"("id") ON DELETE CASCADE,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "mime" text NOT NULL,
  "size" integer NOT NULL,
  "storage_key" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "exam_homework_files_owner_idx" ON "exam_homework_files" ("exam_id", "user_id");
--> statement-breakpoint
CREATE TABLE "exam_uploads" (
  "id" uuid PRIMARY KEY,
  "exam_id" integer NOT NULL REFERENCES "exams"("id") ON DELETE CASCADE,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "size" integer NOT NULL,
  "received" integer NOT NULL DEFAULT 0,
  "storage_key" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "accept_until" timestamp with time zone NOT NULL,
  "file_id" integer REFERENCES "exam_homework_files"("id") ON DELETE SET NULL,
  CONSTRAINT "exam_uploads_received_check" CHECK ("received" >= 0 AND "received" <= "size")
);
--> statement-breakpoint
CREATE INDEX "exam_uploads_owner_idx" ON "exam_uploads" ("exam_id", "user_id");
