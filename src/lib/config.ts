import { queryOptions } from "@tanstack/react-query";
import type { PublicConfig } from "@domain/config";
import { api } from "./api";

export type { PublicConfig };

/** Runtime configuration served by the API (external links), cached for the session. */
export const configQueryOptions = queryOptions({
  queryKey: ["config"] as const,
  queryFn: async () => (await api<PublicConfig>("/config", { anonymous: true })).payload,
  staleTime: Infinity,
  gcTime: Infinity,
});
