import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ContactConfirmedDto } from "@domain/profile";
import { api } from "@/lib/api";
import { meKey } from "@/lib/me";

interface ConfirmCodeInput {
  confirmationToken: string;
  /** The new e-mail the code was sent to; empty for a new phone. */
  email?: string;
  "g-recaptcha-response"?: string;
}

/** `POST /user/confirm-code`: confirms the new e-mail (or phone) of the profile. */
async function confirmCode(body: ConfirmCodeInput): Promise<ContactConfirmedDto> {
  return (await api<ContactConfirmedDto>("/user/confirm-code", { method: "POST", body })).payload;
}

export function useConfirmCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKey }),
  });
}
