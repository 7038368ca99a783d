import type { Db } from "../client";

/** Exams (issue 10): the seed data. Returns true when it seeded (first start). */
export async function seedExams(db: Db, now: Date, opts: { demo: boolean }): Promise<boolean> {
  void db;
  void now;
  void opts;
  return false;
}
