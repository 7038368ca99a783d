import { useMutation } from "@tanstack/react-query";
import type { OfferPeriod, PurchaseDto } from "@domain/offers";
import { api } from "@/lib/api";
import { retryLostAnswer } from "@/lib/submissionKey";

interface BuyInput {
  offerDivisionDetail: number;
  period: OfferPeriod;
  /** Subject ids of a per-subject offer; null for all of them. */
  subjects: number[] | null;
  /** The price shown, in millimes. */
  amount: number;
  /** Instalments paid now (a year sold in instalments); 1 otherwise. */
  quantity?: number;
  chapter?: number | null;
  content_id?: number | null;
  event?: number | null;
  /** One key per confirmation: a retry of the same confirmation reuses it, the server applies it once. */
  idempotencyKey: string;
}

/** `POST /student/checkout/buy`: pays with points; the subscription and the new balance. */
async function buyOffer({ idempotencyKey, ...body }: BuyInput): Promise<PurchaseDto> {
  return (await api<PurchaseDto>("/student/checkout/buy", { method: "POST", body: { quantity: 1, ...body }, idempotencyKey })).payload;
}

export function useBuyOffer() {
  return useMutation({ mutationFn: buyOffer, retry: retryLostAnswer, retryDelay: (n) => 400 * 2 ** n });
}
