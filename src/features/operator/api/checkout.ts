import { useMutation } from "@tanstack/react-query";
import type { OperatorCheckoutDto, Recurrence } from "@domain/operator";
import { api } from "@/lib/api";

export interface CheckoutVars {
  recurrence: Recurrence;
  phone: string;
  division: number;
  /** One key per subscription attempt: a retry of the same attempt is applied once. */
  idempotencyKey: string;
}

/** `POST /checkout` (a visitor): `{ redirectUrl }` of the operator's confirmation page. */
export function useOperatorCheckout() {
  return useMutation({
    mutationFn: async ({ idempotencyKey, ...body }: CheckoutVars) =>
      (await api<OperatorCheckoutDto>("/checkout", { method: "POST", body, idempotencyKey, anonymous: true })).payload,
  });
}
