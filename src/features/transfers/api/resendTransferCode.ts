import { useMutation } from "@tanstack/react-query";
import type { TransferCodeSentDto } from "@domain/schemas/transfers";
import { api } from "@/lib/api";

/** `GET /student/confirm-transfer-points/{id}`: a new code for the pupil's own pending transfer. */
async function resendTransferCode(transferId: number): Promise<void> {
  await api<TransferCodeSentDto>(`/student/confirm-transfer-points/${transferId}`);
}

export function useResendTransferCode() {
  return useMutation({ mutationFn: resendTransferCode });
}
