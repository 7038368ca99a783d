import { useMutation } from "@tanstack/react-query";
import type { ChangePasswordInput } from "@domain/schemas/auth";
import { api } from "@/lib/api";

/** `PUT /user/change-password`: returns a fresh token (every other session ends). */
export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: async (body: ChangePasswordInput) =>
      (await api<{ token: string; expires_at: string }>("/user/change-password", { method: "PUT", body })).payload,
  });
}
