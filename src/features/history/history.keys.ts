import { keyRoots } from "@/lib/queryKeys";

/** Query keys of the history feature (one factory: ["history", …]). */
export const historyKeys = {
  all: keyRoots.history,
  table: (table: string, page: number, perPage: number) => [...historyKeys.all, table, { page, perPage }] as const,
  divisionChanges: () => [...historyKeys.all, "division-changes"] as const,
};
