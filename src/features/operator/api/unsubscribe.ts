import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OperatorUnsubscribeDto } from "@domain/operator";
import { api } from "@/lib/api";
import { meKey } from "@/lib/me";

/** `POST /digitalvirgo/unsubscribe`: ends the renewal; access lasts until the paid period ends. */
export function useOperatorUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api<OperatorUnsubscribeDto>("/digitalvirgo/unsubscribe", { method: "POST", body: {} })).payload,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: meKey }),
  });
}
