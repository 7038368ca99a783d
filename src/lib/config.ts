import { queryOptions } from "@tanstack/react-query";
import { api } from "./api";

export interface PublicConfig {
  botCheck: "altcha" | "off";
  teacherAppUrl: string;
  registrationUrl: string;
  forumUrl: string;
  termsUrl: string;
  /** The top-up methods this deployment offers. */
  paymentMethods: Array<"online" | "d17" | "bank">;
}

/** Runtime configuration served by the API (external links), cached for the session. */
export const configQueryOptions = queryOptions({
  queryKey: ["config"] as const,
  queryFn: async () => (await api<PublicConfig>("/config", { anonymous: true })).payload,
  staleTime: Infinity,
  gcTime: Infinity,
});
