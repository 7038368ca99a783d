import type { Db } from "../client";

/** Notifications, messages, pop-ups and push (issue 11): the seed data. Returns true when it seeded (first start). */
export async function seedNotifications(db: Db, now: Date, opts: { demo: boolean }): Promise<boolean> {
  void db;
  void now;
  void opts;
  return false;
}
