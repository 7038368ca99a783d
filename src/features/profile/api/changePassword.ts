import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { replaceToken } from "@/lib/session";

interface ChangePasswordInput {
  oldPassword: string;
  newPassword: string;
  new_password_confirmation: string;
  "g-recaptcha-response": string;
}

/** `PUT /user/change-password`: every other session ends; this device keeps signing in with the fresh token. */
async function changePassword(body: ChangePasswordInput): Promise<void> {
  const { token, expires_at } = (
    await api<{ token: string; expires_at: string }>("/user/change-password", {
      method: "PUT",
      body,
    })
  ).payload;
  replaceToken(token, expires_at);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
