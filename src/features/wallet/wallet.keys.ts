/** Query keys of the wallet feature (one factory: ["wallet", …]). */
export const walletKeys = {
  all: ["wallet"] as const,
  history: (page: number, perPage: number) => [...walletKeys.all, "history", { page, perPage }] as const,
};
