/**
 * Top-ups of the wallet (SPEC §3 point top-up code, §5 top-up, §7 Wallet): the rules shared by the top-up form and the
 * server. The API takes and gives millimes (1 point = 1 TND = 1,000 millimes); the form takes whole dinars and converts
 * them with `tnd()` before sending. A top-up is a whole number of dinars from 1 to 9,999.
 */
import * as v from "valibot";
import { TOPUP_MAX } from "../constants";
import { MILLIMES_PER_TND } from "../money";
import { idSchema } from "./common";

export const TOPUP_METHODS = ["bank", "d17", "online"] as const;
export type TopupMethod = (typeof TOPUP_METHODS)[number];
const TOPUP_MAX_MILLIMES = TOPUP_MAX * MILLIMES_PER_TND;
/** Longest bank reference kept (a transfer or deposit slip number). */
export const REFERENCE_MAX = 64;
export const COMMENT_MAX = 500;
/** An order id given to a payment gateway: 32 hex characters (128 random bits). */
export const ORDER_ID_RE = /^[a-f0-9]{32}$/;

/** True for a whole number of dinars from 1 to 9,999, given in millimes. */
export function isTopupAmount(millimes: number): boolean {
  return Number.isSafeInteger(millimes) && millimes > 0 && millimes % MILLIMES_PER_TND === 0 && millimes <= TOPUP_MAX_MILLIMES;
}

/** A bank reference: printable, no whitespace anywhere (SPEC §5 "reference without whitespace"). */
export function isReference(value: string): boolean {
  return value.length <= REFERENCE_MAX && /^[^\s\p{C}]+$/u.test(value);
}

/** Millimes as a JSON number or a string of digits; a fraction, zero, a negative or too much is `amount_invalid`. */
const amount = v.pipe(
  v.union([v.pipe(v.number(), v.finite("amount_invalid")), v.pipe(v.string(), v.regex(/^\d{1,12}$/, "amount_invalid"), v.transform(Number))], "amount_invalid"),
  v.check(isTopupAmount, "amount_invalid"),
);

const optionalText = (max: number, code: "reference_invalid" | "comment_too_long") =>
  v.optional(v.nullable(v.pipe(v.string(code), v.maxLength(max, code))), null);

/** `POST /student/codes`: `amount` (millimes), `paymentMethod`, `reference` (bank: required, no whitespace), `comment`. */
export const TopupBody = v.pipe(
  v.object({
    amount: v.pipe(v.optional(v.union([v.number(), v.string()], "amount_invalid"), ""), v.check((x) => x !== "", "amount_required"), amount),
    paymentMethod: v.picklist(TOPUP_METHODS, "payment_method_invalid"),
    reference: optionalText(REFERENCE_MAX, "reference_invalid"),
    comment: optionalText(COMMENT_MAX, "comment_too_long"),
  }),
  v.forward(
    v.check((b) => b.paymentMethod !== "bank" || (b.reference ?? "") !== "", "reference_required"),
    ["reference"],
  ),
  v.forward(
    v.check((b) => b.paymentMethod !== "bank" || b.reference === null || b.reference === "" || isReference(b.reference), "reference_invalid"),
    ["reference"],
  ),
);
export type TopupInput = v.InferOutput<typeof TopupBody>;

/**
 * The top-up form (whole dinars as typed, before `tnd()`): the same rules, with the SPEC's message on the amount.
 * `amount` is the text of the field.
 */
export const TopupForm = v.pipe(
  v.object({
    amount: v.pipe(
      v.string(),
      v.trim(),
      // One code per failure: an empty field is "required", not also "invalid".
      v.rawCheck(({ dataset, addIssue }) => {
        if (!dataset.typed) return;
        const text = dataset.value;
        if (text === "") addIssue({ message: "amount_required" });
        else if (!/^\d{1,4}$/.test(text) || Number(text) < 1 || Number(text) > TOPUP_MAX) addIssue({ message: "amount_invalid" });
      }),
    ),
    paymentMethod: v.picklist(TOPUP_METHODS, "payment_method_invalid"),
    reference: v.string(),
    comment: v.pipe(v.string(), v.maxLength(COMMENT_MAX, "comment_too_long")),
  }),
  v.forward(v.check((b) => b.paymentMethod !== "bank" || b.reference !== "", "reference_required"), ["reference"]),
  v.forward(v.check((b) => b.paymentMethod !== "bank" || b.reference === "" || isReference(b.reference), "reference_invalid"), ["reference"]),
);

export const TopupIdParams = v.object({ id: idSchema });

/** `?orderId&lang` of the payment returns (`POST /payment/success`, `/payment/echec`). */
export const PaymentReturnQuery = v.object({
  orderId: v.pipe(v.string("payment_not_found"), v.regex(ORDER_ID_RE, "payment_not_found")),
  lang: v.optional(v.picklist(["fr", "en", "ar"], "validation_failed"), "fr"),
});

/** The gateway's server-to-server notification (signed: `signature` is an HMAC of the other fields). */
export const PaymentNotifyBody = v.object({
  orderId: v.pipe(v.string("payment_not_found"), v.regex(ORDER_ID_RE, "payment_not_found")),
  status: v.picklist(["paid", "failed"], "validation_failed"),
  amount: v.pipe(v.number("validation_failed"), v.safeInteger("validation_failed"), v.minValue(1, "validation_failed")),
  timestamp: v.pipe(v.number("validation_failed"), v.safeInteger("validation_failed"), v.minValue(0, "validation_failed")),
  signature: v.pipe(v.string("validation_failed"), v.regex(/^[a-f0-9]{64}$/, "validation_failed")),
});
