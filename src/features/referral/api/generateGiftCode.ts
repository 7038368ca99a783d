import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { GiftCodeDto } from "@domain/referral";
import { api } from "@/lib/api";
import { keyRoots } from "@/lib/queryKeys";

/** `GET /student/generate-gift-code`: the pupil's `CP-…` code, made on the first call (the same on every later one). */
async function generateGiftCode(): Promise<GiftCodeDto> {
  return (await api<GiftCodeDto>("/student/generate-gift-code")).payload;
}

/** Generates the code, then refreshes the pupil (`/auth/me` carries `gift_code`). */
export function useGenerateGiftCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateGiftCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyRoots.me }),
  });
}
