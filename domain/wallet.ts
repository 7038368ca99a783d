/**
 * What the wallet's API answers (SPEC §3 point top-up code and points history row), written once as valibot schemas:
 * the server declares them as its answers (checked in tests, published in the OpenAPI document), the client reads their
 * types. Amounts in millimes.
 */
import * as v from "valibot";
import { TOPUP_METHODS } from "./schemas/wallet";

const id = v.pipe(v.number(), v.integer());
const millimes = v.pipe(v.number(), v.safeInteger());
const method = v.picklist(TOPUP_METHODS);

export const TOPUP_STATUSES = ["pending", "approved", "rejected", "failed"] as const;
export type TopupStatus = (typeof TOPUP_STATUSES)[number];
const status = v.picklist(TOPUP_STATUSES);

/** A top-up request (`POST /student/codes`). */
export const TopupCodeDtoSchema = v.strictObject({
  id,
  reference: v.nullable(v.string()),
  payment_method: method,
  amount: millimes,
  comment: v.nullable(v.string()),
  status,
  created_at: v.string(),
});
export type TopupCodeDto = v.InferOutput<typeof TopupCodeDtoSchema>;

/** What moved points: the top-up methods and the ledger's other kinds. */
export const HISTORY_METHODS = [...TOPUP_METHODS, "operator", "purchase", "transfer", "referral_reward", "influencer_revenue", "refund", "payout"] as const;
export type HistoryMethod = (typeof HISTORY_METHODS)[number];

/** A row of the points history (`GET /codes`): a top-up, or another movement of the pupil's wallet. */
export const PointsHistoryRowDtoSchema = v.strictObject({
  /** Unique in the list: `topup-<id>` or `movement-<entry id>`. */
  key: v.string(),
  /** The bank reference, or the top-up's or movement's number. */
  code: v.string(),
  method: v.picklist(HISTORY_METHODS),
  /** Signed millimes: positive credits the pupil, negative debits. */
  amount: millimes,
  description: v.string(),
  date: v.string(),
  status,
});
export type PointsHistoryRowDto = v.InferOutput<typeof PointsHistoryRowDtoSchema>;

/** `GET /payment/redirect/{id}`: the hidden form the browser posts to the gateway. */
export const PaymentRedirectDtoSchema = v.strictObject({ url: v.string(), data: v.record(v.string(), v.string()) });
export type PaymentRedirectDto = v.InferOutput<typeof PaymentRedirectDtoSchema>;

/** `GET /payment/d17/{id}`: what the QR code encodes. */
export const D17PaymentDtoSchema = v.strictObject({ id, url: v.string(), amount: millimes, status });
export type D17PaymentDto = v.InferOutput<typeof D17PaymentDtoSchema>;

/** The state of a top-up after a confirmation or a check. */
export const PaymentStatusDtoSchema = v.strictObject({ id, status, amount: millimes, payment_method: method });
export type PaymentStatusDto = v.InferOutput<typeof PaymentStatusDtoSchema>;
