/**
 * Point transfers between pupils (SPEC §3 Transfer, §4 point transfer, §5 transfer, §7 Wallet): the rules shared by the
 * transfer form, the confirmation form and the server. Amounts travel in millimes (1 point = 1,000 millimes); a
 * transfer is a whole number of points from 10 to 5,000.
 */
import * as v from "valibot";
import { TRANSFER_MAX, TRANSFER_MIN } from "../constants";
import { MILLIMES_PER_TND } from "../money";
import { EMAIL_RE, idSchema, isTunisianPhone } from "./common";
import { PersonNameSchema } from "./common";

const TRANSFER_MIN_MILLIMES = TRANSFER_MIN * MILLIMES_PER_TND;
const TRANSFER_MAX_MILLIMES = TRANSFER_MAX * MILLIMES_PER_TND;
/** The confirmation code sent to the sender: 6 digits. */
const TRANSFER_CODE_RE = /^\d{6}$/;
/** Longest beneficiary accepted (an e-mail address). */
const BENEFICIARY_MAX = 254;

/** A phone (Tunisian, any written form) or an e-mail address: what names a beneficiary. */
function isBeneficiary(value: string): boolean {
  const s = value.trim();
  return s.length <= BENEFICIARY_MAX && (isTunisianPhone(s) || EMAIL_RE.test(s));
}

/** True for a whole number of points from 10 to 5,000, given in millimes. */
function isTransferAmount(millimes: number): boolean {
  return Number.isSafeInteger(millimes) && millimes % MILLIMES_PER_TND === 0 && millimes >= TRANSFER_MIN_MILLIMES && millimes <= TRANSFER_MAX_MILLIMES;
}

const beneficiary = v.pipe(
  v.string("transfer_fields_required"),
  v.trim(),
  v.nonEmpty("transfer_fields_required"),
  // One code per failure: an empty beneficiary is "required" only.
  v.check((s) => s === "" || isBeneficiary(s), "beneficiary_unknown"),
);

/** Millimes as a JSON number or a string of digits; anything else (a fraction of a point included) is out of range. */
const amount = v.pipe(
  v.union(
    [v.pipe(v.number(), v.finite("transfer_amount_range")), v.pipe(v.string(), v.regex(/^\d{1,10}$/, "transfer_amount_range"), v.transform(Number))],
    "transfer_amount_range",
  ),
  v.check(isTransferAmount, "transfer_amount_range"),
);

/** `POST /student/transfer-points`: `toUser` (phone or e-mail), `points` (millimes), `admin` (the impersonating admin's id; the server takes it from the session). */
export const TransferBody = v.object({
  toUser: v.optional(beneficiary, ""),
  points: v.pipe(v.optional(v.union([v.number(), v.string()], "transfer_amount_range"), ""), v.check((x) => x !== "", "transfer_fields_required"), amount),
  admin: v.optional(v.nullable(idSchema)),
});
export type TransferInput = v.InferOutput<typeof TransferBody>;

const confirmationCode = v.pipe(
  v.string("code_required"),
  v.trim(),
  v.nonEmpty("code_required"),
  v.check((s) => s === "" || TRANSFER_CODE_RE.test(s), "code_invalid"),
);

/** The confirmation of one transfer: its code (the code belongs to one transfer) and the transfer's id. */
export const ConfirmTransferInput = v.object({
  confirmationToken: v.optional(confirmationCode, ""),
  transfer: idSchema,
});

/**
 * `POST /student/confirm-transfer-points` takes `{ confirmationToken, transfer }` in its JSON body (a code in a URL ends
 * up in proxies' access logs and the browser's history); the query form of SPEC §7 (`?confirmationToken=&transfer=`)
 * is still read when the body leaves a field out. Each field is checked where it comes from, then together
 * (`ConfirmTransferInput`).
 */
export const ConfirmTransferBody = v.object({
  confirmationToken: v.optional(confirmationCode),
  transfer: v.optional(idSchema),
});
export const ConfirmTransferQuery = ConfirmTransferBody;

/** `GET /student/confirm-transfer-points/{id}`: resend the code of the caller's own pending transfer. */
export const TransferIdParams = v.object({ id: idSchema });

/** The form of the transfer modal: whole points, converted to millimes (`tnd()`) when sent. */
export const TransferFormSchema = v.object({
  toUser: beneficiary,
  points: v.pipe(
    v.string("transfer_fields_required"),
    v.trim(),
    v.nonEmpty("transfer_fields_required"),
    v.check((s) => s === "" || (/^\d{1,4}$/.test(s) && Number(s) >= TRANSFER_MIN && Number(s) <= TRANSFER_MAX), "transfer_amount_range"),
    v.transform(Number),
  ),
});

/** The form of the confirmation modal. */
export const ConfirmTransferFormSchema = v.object({ code: confirmationCode });

// What the transfer operations answer, written once as valibot schemas: the server declares them as its answers
// (checked in tests, published in the OpenAPI document), the client reads their types.
const id = v.pipe(v.number(), v.integer());

/**
 * SPEC §3 Transfer: a person shown on a transfer — an id and a name, never a phone or an e-mail; the name is null for an
 * operator's subscriber who has not given theirs (`PersonNameSchema`).
 */
const TransferPartyDtoSchema = v.strictObject({ id, name: PersonNameSchema });

const TRANSFER_STATUSES = ["pending", "confirmed", "cancelled"] as const;

/** SPEC §3 Transfer, as the history and the operations answer it. `points` are millimes. */
export const TransferDtoSchema = v.strictObject({
  id,
  from_user: TransferPartyDtoSchema,
  sender: TransferPartyDtoSchema,
  to_user: TransferPartyDtoSchema,
  receiver: TransferPartyDtoSchema,
  points: v.pipe(v.number(), v.safeInteger(), v.minValue(TRANSFER_MIN_MILLIMES), v.maxValue(TRANSFER_MAX_MILLIMES)),
  updated_at: v.string(),
  created_at: v.string(),
  status: v.picklist(TRANSFER_STATUSES),
  is_confirmed: v.boolean(),
  /** "sent" when the caller is the sender (a "Transfert" row), "received" otherwise (a "Reçu" row). */
  direction: v.picklist(["sent", "received"]),
});
export type TransferDto = v.InferOutput<typeof TransferDtoSchema>;

/** `GET /student/confirm-transfer-points/{id}`: the code went again. */
export const TransferCodeSentDtoSchema = v.strictObject({ sent: v.literal(true) });
export type TransferCodeSentDto = v.InferOutput<typeof TransferCodeSentDtoSchema>;
