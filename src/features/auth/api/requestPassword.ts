import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** `POST /auth/request-password?credentiel=`: sends a reset code. */
export function useRequestPasswordMutation() {
  return useMutation({
    mutationFn: async (credentiel: string) =>
      (await api<{ channel: "sms" | "email" }>("/auth/request-password", { method: "POST", query: { credentiel }, anonymous: true })).payload,
  });
}
