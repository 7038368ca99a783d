import type { StatementFilter } from "@domain/wallet";
import { keyRoots } from "@/lib/queryKeys";

/** Query keys of the wallet feature (one factory: ["wallet", …]). The statement and the months are kept on the device. */
export const walletKeys = {
  all: keyRoots.wallet,
  statement: (page: number, perPage: number, kind: StatementFilter | undefined) => [...walletKeys.all, "statement", { page, perPage, kind: kind ?? null }] as const,
  balanceMonths: () => [...walletKeys.all, "balance-months"] as const,
};
