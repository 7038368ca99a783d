import { keyRoots } from "@/lib/queryKeys";

/** Query keys of the referral feature (one factory: ["referral", …]). */
export const referralKeys = {
  all: keyRoots.referral,
  uses: (page: number, perPage: number) =>
    [...referralKeys.all, "uses", { page, perPage }] as const,
  rate: () => [...referralKeys.all, "rate"] as const,
  gifts: (page: number, perPage: number) =>
    [...referralKeys.all, "gifts", { page, perPage }] as const,
  gift: (id: number) => [...referralKeys.all, "gift", id] as const,
  /** The cart (`/student/gift-requests/current`). */
  cart: () => [...referralKeys.all, "cart"] as const,
  /** The pupil's orders: every page and every order under one root, refreshed together when an order is placed. */
  orders: () => [...referralKeys.all, "orders"] as const,
  orderPage: (page: number, perPage: number) =>
    [...referralKeys.orders(), "page", { page, perPage }] as const,
  order: (id: number) => [...referralKeys.orders(), id] as const,
};
