import { useMutation } from "@tanstack/react-query";
import type { TopupMethod } from "@domain/schemas/wallet";
import type { TopupCodeDto } from "@domain/wallet";
import { api } from "@/lib/api";

interface TopupVars {
  /** Millimes (the form's dinars through `tnd()`). */
  amount: number;
  paymentMethod: TopupMethod;
  reference: string | null;
  comment: string | null;
  /** One key per request the pupil meant: a retry of the same form sends the same key. */
  idempotencyKey: string;
}

/** `POST /student/codes`. */
async function createTopup({ idempotencyKey, ...body }: TopupVars): Promise<TopupCodeDto> {
  return (await api<TopupCodeDto>("/student/codes", { method: "POST", body, idempotencyKey })).payload;
}

export function useCreateTopup() {
  return useMutation({ mutationFn: createTopup });
}
