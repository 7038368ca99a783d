import { keyRoots } from "@/lib/queryKeys";

/** Query keys of the offers feature (one factory: ["offers", …]). */
export const offersKeys = {
  all: keyRoots.offers,
  list: () => [...offersKeys.all, "list"] as const,
  appliedCode: () => [...offersKeys.all, "discount-code"] as const,
};
