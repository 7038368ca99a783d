/** Inputs of the mobile-operator subscription (SPEC §5 "Operator checkout": phone required and valid, class required, plan chosen). */
import * as v from "valibot";
import { isOperatorLevel, isRecurrence, type OperatorLevel, type Recurrence } from "../operator";
import { intSchema, isTunisianPhone, normalizePhone } from "./common";

/** 1 (day) or 7 (week), as a number or a string of digits; anything else is `recurrence_invalid`. */
const recurrenceSchema = v.pipe(
  v.optional(v.unknown(), ""),
  v.transform((x) => (typeof x === "string" && /^\d{1,2}$/.test(x) ? Number(x) : x)),
  v.check((x) => isRecurrence(x), "recurrence_invalid"),
  v.transform((x) => x as Recurrence),
);

/** A Tunisian mobile number (8 digits starting 2, 4, 5 or 9; +216 or 00216 allowed), normalised to its 8 digits. */
const operatorPhoneSchema = v.pipe(
  v.string("phone_required"),
  v.trim(),
  v.nonEmpty("phone_required"),
  v.maxLength(20, "phone_invalid"),
  v.check((x) => x === "" || isTunisianPhone(x), "phone_invalid"),
  v.transform(normalizePhone),
);

const divisionSchema = v.pipe(
  v.union([v.literal(""), v.null(), v.undefined(), intSchema("division_invalid", 1)], "division_required"),
  v.check((x) => typeof x === "number", "division_required"),
  v.transform((x) => x as number),
);

/** `POST /checkout` (a visitor): recurrence, phone, division. */
export const OperatorCheckoutSchema = v.object({
  recurrence: recurrenceSchema,
  phone: operatorPhoneSchema,
  division: divisionSchema,
});
export type OperatorCheckoutOutput = v.InferOutput<typeof OperatorCheckoutSchema>;

/** `POST /digitalvirgo/checkout` (signed in: the account's own phone and class). */
export const OperatorUserCheckoutSchema = v.object({ recurrence: recurrenceSchema });

/** `GET /{level}/divisions`. */
export const LevelParams = v.object({
  level: v.pipe(
    v.string("validation_failed"),
    v.check((x) => isOperatorLevel(x), "validation_failed"),
    v.transform((x) => x as OperatorLevel),
  ),
});

const ORDER_RE = /^[A-Za-z0-9_-]{8,64}$/;
const token = (max: number) => v.optional(v.pipe(v.string(), v.maxLength(max, "validation_failed")), "");

/**
 * What the operator's return carries (the query of `/digitalvirgo/success` or `/digitalvirgo/echec`, sent back as is
 * by the client): the order, the operator's status and transaction, a timestamp and the signature the adapter checks.
 */
export const OperatorReturnSchema = v.object({
  orderId: v.pipe(v.string("payment_not_found"), v.regex(ORDER_RE, "payment_not_found")),
  status: token(32),
  tx: token(128),
  ts: token(16),
  sig: token(128),
  checkFromFront: v.optional(v.picklist(["1", "true"], "validation_failed")),
  lang: v.optional(v.picklist(["fr", "en", "ar"], "validation_failed")),
});
export type OperatorReturn = v.InferOutput<typeof OperatorReturnSchema>;

/** The sandbox operator page's decision (a form post of its own page). */
export const SandboxDecisionSchema = v.object({
  t: v.pipe(v.string("validation_failed"), v.minLength(10, "validation_failed"), v.maxLength(2000, "validation_failed")),
  action: v.picklist(["confirm", "cancel"], "validation_failed"),
});
