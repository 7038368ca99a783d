import { useMutation } from "@tanstack/react-query";
import type { ResetPasswordInput } from "@domain/schemas/auth";
import { api } from "@/lib/api";

/** `POST /auth/reset-password`. */
export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: async (body: ResetPasswordInput) => (await api<null>("/auth/reset-password", { method: "POST", body, anonymous: true })).payload,
  });
}
