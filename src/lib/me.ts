import { queryOptions } from "@tanstack/react-query";
import type { Me } from "@domain/user";
import { api } from "./api";
import { keyRoots } from "./queryKeys";

/** The signed-in user is shared by every feature (permissions, balance, offers). */
export const meKey = keyRoots.me;

/** `GET /auth/me`: the signed-in user, with offers and permissions. */
export const meQueryOptions = queryOptions({
  queryKey: meKey,
  queryFn: async ({ signal }) => (await api<Me>("/auth/me", { signal })).payload,
  staleTime: 60_000,
});
