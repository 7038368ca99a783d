-- Kept chapters per class (issue 23, item 6): the chapters a teacher (of the chapter's subject in that class) or the
-- operator marks for a class; the class's tablets keep their media offline, shared by every pupil of the class.
-- `marked_by` is the teacher who marked it (null: the operator's command).
CREATE TABLE "tablet_chapters" (
  "division_id" integer NOT NULL REFERENCES "divisions"("id") ON DELETE CASCADE,
  "chapter_id" integer NOT NULL REFERENCES "chapters"("id") ON DELETE CASCADE,
  "position" integer NOT NULL,
  "marked_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "marked_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "tablet_chapters_division_id_chapter_id_pk" PRIMARY KEY("division_id","chapter_id")
);
