import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** `GET /student/confirm-transfer-points/{id}`: a new code for the pupil's own pending transfer. */
export async function resendTransferCode(transferId: number): Promise<void> {
  await api<{ sent: boolean }>(`/student/confirm-transfer-points/${transferId}`);
}

export function useResendTransferCode() {
  return useMutation({ mutationFn: resendTransferCode });
}
