/**
 * What the wallet's API answers (SPEC §3 point top-up code and points history row), written once as valibot schemas:
 * the server declares them as its answers (checked in tests, published in the OpenAPI document), the client reads their
 * types. Amounts in millimes.
 */
import * as v from "valibot";
import { PageQuery } from "./schemas/learning";
import { TOPUP_METHODS } from "./schemas/wallet";
import { PersonNameSchema } from "./schemas/common";

const id = v.pipe(v.number(), v.integer());
const millimes = v.pipe(v.number(), v.safeInteger());
const method = v.picklist(TOPUP_METHODS);

const TOPUP_STATUSES = ["pending", "approved", "rejected", "failed"] as const;
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
const HISTORY_METHODS = [...TOPUP_METHODS, "operator", "purchase", "transfer", "referral_reward", "influencer_revenue", "refund", "payout"] as const;

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

/** `POST /payment/notify`: the top-up's status once the gateway was asked for the order. */
export const PaymentNotifiedDtoSchema = v.strictObject({ status });

/**
 * The kinds of the wallet's statement (`GET /student/wallet/statement`, issue 22): the ledger's movement kinds. A
 * statement row is a movement of the pupil's points, or a top-up request that moved nothing yet (pending, rejected,
 * failed). Its sentence is written by the reader's screen from `kind` and the parameters, in the reader's language;
 * the ledger's stored `description` is never shown.
 */
const LEDGER_KINDS = ["topup", "purchase", "transfer", "referral_reward", "influencer_revenue", "refund", "operator", "payout"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** The statement's filters (`?kind`): referral and influencer earnings are one filter. */
export const STATEMENT_FILTERS = ["topup", "purchase", "transfer", "earning", "refund", "operator"] as const;
export type StatementFilter = (typeof STATEMENT_FILTERS)[number];

/** The ledger kinds a filter keeps. */
export const STATEMENT_FILTER_KINDS: Record<StatementFilter, readonly LedgerKind[]> = {
  topup: ["topup"],
  purchase: ["purchase"],
  transfer: ["transfer"],
  earning: ["referral_reward", "influencer_revenue"],
  refund: ["refund"],
  operator: ["operator", "payout"],
};

const nullableText = v.nullable(v.string());
const day = v.pipe(v.string(), v.isoDate());

/** An offer named in each language the database has (the reader's screen picks its own, French when missing). */
const NamedOfferSchema = v.strictObject({ id, name: v.string(), name_en: nullableText, name_ar: nullableText });

/** One row of the statement: what moved, its parameters, and the balance after it. */
export const StatementRowDtoSchema = v.strictObject({
  /** Unique in the statement: `m<entry id>` for a movement, `t<top-up id>` for a top-up that moved nothing. */
  key: v.string(),
  kind: v.picklist(LEDGER_KINDS),
  /** Signed millimes: positive credits the pupil, negative debits; a top-up that moved nothing has what was asked. */
  amount: millimes,
  /** False for a top-up request that moved nothing (pending, rejected, failed): its amount is not in the balance. */
  applied: v.boolean(),
  /** The pupil's balance just after this row (millimes). */
  balance: millimes,
  date: v.string(),
  /** A top-up's status; `approved` for every other movement. */
  status,
  /** A top-up's method and bank reference. */
  method: v.nullable(method),
  reference: nullableText,
  /** A purchase or a refund of one: the offer, the period bought and the instalments it paid (1-based, inclusive). */
  offer: v.nullable(NamedOfferSchema),
  period: v.nullable(v.strictObject({ start: day, end: day })),
  instalments: v.nullable(v.strictObject({ from: id, to: id })),
  /** A transfer: the other pupil (their name null for an operator's subscriber without one, `PersonNameSchema`). */
  counterpart: v.nullable(v.strictObject({ name: PersonNameSchema })),
  /** Referral and influencer earnings, and a refund's reclaimed share: the code used. */
  code: nullableText,
  /** A conversion of referral tokens into points: how many tokens. */
  tokens: v.nullable(id),
  /** An operator charge: the subscription's recurrence in days and the period's number. */
  days: v.nullable(id),
  billing_period: v.nullable(id),
});
export type StatementRowDto = v.InferOutput<typeof StatementRowDtoSchema>;

/** `GET /student/wallet/balance-months`: the balance at the end of each of the last months (Africa/Tunis), oldest first. */
export const BalanceMonthDtoSchema = v.strictObject({ month: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}$/)), balance: millimes });
export type BalanceMonthDto = v.InferOutput<typeof BalanceMonthDtoSchema>;

/** `?page&perPage&kind` of the wallet's statement: a page (10/25/100) and, optionally, one filter of `STATEMENT_FILTERS`. */
export const StatementQuery = v.object({
  ...PageQuery.entries,
  kind: v.optional(v.picklist(STATEMENT_FILTERS, "kind_invalid")),
});
