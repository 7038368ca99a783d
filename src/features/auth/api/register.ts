import { useMutation } from "@tanstack/react-query";
import type { RegisterInput } from "@domain/schemas/auth";
import { api } from "@/lib/api";

/** `POST /auth/register`: creates the account and returns a session for the verification step. */
export function useRegisterMutation() {
  return useMutation({
    mutationFn: async (body: RegisterInput) =>
      (await api<{ token: string; expires_at: string; user_type: string }>("/auth/register", { method: "POST", body, anonymous: true })).payload,
  });
}
