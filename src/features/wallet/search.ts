import * as v from "valibot";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "@domain/constants";
import { STATEMENT_FILTERS } from "@domain/wallet";

/**
 * `?page&perPage&kind&missing&payment` of /porte-monnaie: the statement's page (10/25/100) and kind filter, the points
 * missing to buy an offer (millimes, sent by the offers screen after a 402) and the result of a payment the pupil came
 * back from.
 */
export const walletSearchSchema = v.object({
  page: v.fallback(v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1)), 1), 1),
  perPage: v.fallback(
    v.optional(v.pipe(v.unknown(), v.transform(Number), v.picklist(PAGE_SIZES)), DEFAULT_PAGE_SIZE),
    DEFAULT_PAGE_SIZE,
  ),
  kind: v.fallback(v.optional(v.picklist(STATEMENT_FILTERS)), undefined),
  missing: v.fallback(v.optional(v.pipe(v.unknown(), v.transform(Number), v.safeInteger(), v.minValue(1))), undefined),
  payment: v.fallback(v.optional(v.picklist(["success", "failed", "pending"])), undefined),
});
export type WalletSearch = v.InferOutput<typeof walletSearchSchema>;

/** Where a card payment was started from, kept for the return page (same tab): the wallet, or to buy an offer. */
const ORIGIN_KEY = "darsi.payment.origin";

export function rememberPaymentOrigin(origin: "wallet" | "offer"): void {
  try {
    sessionStorage.setItem(ORIGIN_KEY, origin);
  } catch {
    // Private mode without storage: the return goes to /offres, the default of SPEC §4.
  }
}

export function takePaymentOrigin(): "wallet" | "offer" | null {
  try {
    const value = sessionStorage.getItem(ORIGIN_KEY);
    sessionStorage.removeItem(ORIGIN_KEY);
    return value === "wallet" || value === "offer" ? value : null;
  } catch {
    return null;
  }
}

/** `?orderId` of the payment return pages (the gateway appends it; anything else is ignored). */
export const paymentReturnSearchSchema = v.object({
  orderId: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[a-f0-9]{32}$/))), undefined),
});
