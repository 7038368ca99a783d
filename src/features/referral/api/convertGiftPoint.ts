import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ConversionDto } from "@domain/referral";
import { api } from "@/lib/api";
import { keyRoots } from "@/lib/queryKeys";
import { retryLostAnswer } from "@/lib/submissionKey";

interface ConvertInput {
  /** Whole tokens (digits checked before). */
  giftPoint: number;
  idempotencyKey: string;
}

/** `POST /student/gift-requests/convert-gift-point`: tokens out, points in, once per key. */
async function convertGiftPoint({
  idempotencyKey,
  giftPoint,
}: ConvertInput): Promise<ConversionDto> {
  return (
    await api<ConversionDto>("/student/gift-requests/convert-gift-point", {
      method: "POST",
      body: { giftPoint },
      idempotencyKey,
    })
  ).payload;
}

/** Converts, then refreshes both balances (`/auth/me`) and the points statement (the wallet). */
export function useConvertGiftPoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertGiftPoint,
    retry: retryLostAnswer,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keyRoots.me }),
        queryClient.invalidateQueries({ queryKey: keyRoots.wallet }),
      ]),
  });
}
