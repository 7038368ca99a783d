/**
 * The roots of the query keys that more than one feature reads, refreshes or keeps on the device. Each feature's key
 * factory starts from its root here, and a feature that changes another's data refreshes it through these (never
 * through a literal of the other feature's key).
 */
export const keyRoots = {
  me: ["me"],
  subjects: ["subjects"],
  lessons: ["lessons"],
  home: ["home"],
  bookmarks: ["bookmarks"],
  transfers: ["transfers"],
  wallet: ["wallet"],
  offers: ["offers"],
  history: ["history"],
  exams: ["exams"],
  sessions: ["sessions"],
  referral: ["referral"],
} as const;

/** A chapter's lesson lists (their progress and locks): work replayed from the outbox changes them. */
export const lessonListsKey = [...keyRoots.lessons, "list"] as const;

/** The home's latest recordings (with the pupil's percentage of each): progress changes them. */
export const latestRecordingsKey = [...keyRoots.home, "latest-recordings"] as const;

/**
 * What a purchase changes: the pupil (balance, offers, permissions), what it unlocks (subjects, lessons, the home's
 * cards, exams, live sessions), the offers (instalments left, codes), the points statement and the subscriptions'
 * history. Notifications, the profile, reference data and the rest stay as they are.
 */
export const changedByPurchase = [
  keyRoots.me,
  keyRoots.subjects,
  keyRoots.lessons,
  keyRoots.home,
  keyRoots.exams,
  keyRoots.sessions,
  keyRoots.offers,
  keyRoots.wallet,
  keyRoots.history,
] as const;
