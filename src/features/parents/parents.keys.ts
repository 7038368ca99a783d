/** Query keys of the parents feature (one factory: ["parents", …]). */
export const parentsKeys = {
  all: ["parents"] as const,
  /** The parent's own space: requests addressed to them. */
  inbox: () => [...parentsKeys.all, "inbox"] as const,
  /** The pupil's list: requests about them. */
  mine: () => [...parentsKeys.all, "mine"] as const,
  /** A child's activity, read by their parent. */
  childActivity: (childId: number) => [...parentsKeys.all, "child-activity", childId] as const,
};
