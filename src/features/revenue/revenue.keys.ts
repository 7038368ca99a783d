/** Query keys of the revenue feature (one factory: ["revenue", …]). */
export const revenueKeys = {
  all: ["revenue"] as const,
  codes: () => [...revenueKeys.all, "codes"] as const,
  history: (codeId: number, page: number, perPage: number) => [...revenueKeys.all, "history", codeId, { page, perPage }] as const,
  payments: () => [...revenueKeys.all, "payments"] as const,
};
