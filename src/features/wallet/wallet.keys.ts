import { keyRoots } from "@/lib/queryKeys";

/** Query keys of the wallet feature (one factory: ["wallet", …]). */
export const walletKeys = {
  all: keyRoots.wallet,
  history: (page: number, perPage: number) => [...walletKeys.all, "history", { page, perPage }] as const,
};
