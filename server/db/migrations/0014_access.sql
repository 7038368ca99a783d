-- Access without a gap (issue 18 item 5).
-- The subjects a teacher account teaches: a subject belongs to one class, so a row names a subject of a class. A
-- teacher reads the homework (and the exam files) of exams of these subjects only; any other file is not found.
CREATE TABLE "teacher_subjects" (
  "teacher_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "subject_id" integer NOT NULL REFERENCES "subjects"("id") ON DELETE CASCADE,
  PRIMARY KEY ("teacher_id", "subject_id")
);
--> statement-breakpoint
CREATE INDEX "teacher_subjects_subject_idx" ON "teacher_subjects" ("subject_id");
--> statement-breakpoint
-- The operator's return link signs a new subscriber in once: the first return that opens the session sets this, in
-- the same statement that checks it is still null; a second use of the link gets no session.
ALTER TABLE "operator_subscriptions" ADD COLUMN "session_issued_at" timestamp with time zone;
