import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

export interface LoginResult {
  token: string;
  expires_at: string;
  user_type: string;
  redirect?: string;
}

/** `POST /auth/login_check`. */
export function useLoginMutation() {
  return useMutation({
    mutationFn: async (body: { username: string; password: string; "g-recaptcha-response": string }) =>
      (await api<LoginResult>("/auth/login_check", { method: "POST", body, anonymous: true })).payload,
  });
}
