import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TransferDto } from "@domain/schemas/transfers";
import { api } from "@/lib/api";
import { meKey } from "@/lib/me";
import { transfersKeys } from "@/lib/transfers";
import { retryLostAnswer } from "@/lib/submissionKey";

interface ConfirmTransferInput {
  transferId: number;
  code: string;
  idempotencyKey: string;
}

/** `POST /student/confirm-transfer-points` with the code in the body (never in the URL): the points move now, once. */
async function confirmTransfer({ transferId, code, idempotencyKey }: ConfirmTransferInput): Promise<TransferDto> {
  return (await api<TransferDto>("/student/confirm-transfer-points", { method: "POST", body: { confirmationToken: code, transfer: transferId }, idempotencyKey })).payload;
}

/** Confirms, then refreshes the balance (`me`) and the history. */
export function useConfirmTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTransfer,
    retry: retryLostAnswer,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: meKey }), queryClient.invalidateQueries({ queryKey: transfersKeys.all })]),
  });
}
