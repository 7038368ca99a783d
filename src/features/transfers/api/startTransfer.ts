import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TransferDto } from "@domain/schemas/transfers";
import { api } from "@/lib/api";
import { transfersKeys } from "@/lib/transfers";
import { retryLostAnswer } from "@/lib/submissionKey";

interface StartTransferInput {
  /** The beneficiary's phone or e-mail. */
  toUser: string;
  /** Millimes (whole points × 1,000). */
  points: number;
  /** The impersonating admin's id, when an operator acts for the pupil (SPEC §6). */
  admin: number | null;
  idempotencyKey: string;
}

/** `POST /student/transfer-points`: a pending transfer; the code goes to the sender. */
async function startTransfer({ idempotencyKey, ...body }: StartTransferInput): Promise<TransferDto> {
  return (await api<TransferDto>("/student/transfer-points", { method: "POST", body, idempotencyKey })).payload;
}

export function useStartTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTransfer,
    retry: retryLostAnswer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transfersKeys.all }),
  });
}
