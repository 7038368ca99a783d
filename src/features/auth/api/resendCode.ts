import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** `GET auth/resend-code`. */
export function useResendCodeMutation() {
  return useMutation({ mutationFn: async () => (await api<{ sent: boolean }>("/auth/resend-code")).payload });
}
