import type { Db } from "../client";

/** Profile, report cards and class change (issue 12): the seed data. Returns true when it seeded (first start). */
export async function seedProfile(db: Db, now: Date, opts: { demo: boolean }): Promise<boolean> {
  void db;
  void now;
  void opts;
  return false;
}
