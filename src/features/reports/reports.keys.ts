/** Query keys of the reports feature (one factory: ["reports", …]). */
export const reportsKeys = {
  all: ["reports"] as const,
  page: (page: number, perPage: number) => [...reportsKeys.all, "page", { page, perPage }] as const,
  reasons: () => [...reportsKeys.all, "reasons"] as const,
};
