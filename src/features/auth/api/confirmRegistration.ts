import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** `POST /auth/confirm-registration?token={code}`. */
export function useConfirmRegistrationMutation() {
  return useMutation({
    mutationFn: async (code: string) => (await api<{ verified: boolean }>("/auth/confirm-registration", { method: "POST", query: { token: code } })).payload,
  });
}
