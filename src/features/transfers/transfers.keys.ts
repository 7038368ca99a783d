/** Query keys of the transfers feature (one factory: ["transfers", …]). */
export const transfersKeys = {
  all: ["transfers"] as const,
  history: (page: number, perPage: number) => [...transfersKeys.all, "history", { page, perPage }] as const,
};
