/**
 * What the demo teacher teaches (issue 18): `prof@darsi.tn` teaches mathematics in the demo pupil's class (Bac
 * Mathématiques, division 18) — the subject whose exams (seed/exams.ts) and live sessions (seed/events.ts) the demo
 * pupil sees. A teacher reads the homework of the exams of the subjects they teach only (services/exams/exams.ts).
 * Seeded once for a database whose teacher has no subject yet (a database seeded before migration 0014 included).
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { subjects, teacherSubjects, users } from "../schema";

const DEMO_TEACHER = "prof@darsi.tn";
/** The demo teacher's classes and subjects: (division, subject slug). */
const DEMO_TEACHING: ReadonlyArray<{ divisionId: number; slug: string }> = [{ divisionId: 18, slug: "mathematiques" }];

export async function seedTeaching(db: Db, opts: { demo: boolean }): Promise<boolean> {
  if (!opts.demo) return false;
  const [teacher] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, DEMO_TEACHER), eq(users.userType, "teacher"))).limit(1);
  if (!teacher) return false;
  const [has] = await db.select({ n: sql<number>`count(*)::int` }).from(teacherSubjects).where(eq(teacherSubjects.teacherId, teacher.id));
  if ((has?.n ?? 0) > 0) return false;
  let added = 0;
  for (const t of DEMO_TEACHING) {
    const rows = await db
      .insert(teacherSubjects)
      .select(
        db
          .select({ teacherId: sql<number>`${teacher.id}`.as("teacher_id"), subjectId: subjects.id })
          .from(subjects)
          .where(and(eq(subjects.divisionId, t.divisionId), eq(subjects.slug, t.slug))),
      )
      .onConflictDoNothing()
      .returning({ subjectId: teacherSubjects.subjectId });
    added += rows.length;
  }
  return added > 0;
}
