/**
 * What the operator's commands answer (`/admin/…` behind X-Admin-Key, run by `npm run admin`) and the development
 * outbox, written once as valibot schemas: the server declares them as its answers (checked in tests, published in the
 * OpenAPI document) and the CLI reads their types. Amounts in millimes.
 */
import * as v from "valibot";

const id = v.pipe(v.number(), v.integer());
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const millimes = v.pipe(v.number(), v.safeInteger());

/** `POST /admin/expire-password`: the account whose password expired. */
export const ExpiredPasswordDtoSchema = v.strictObject({ userId: id });

/** `POST /admin/impersonations`: the one-time link's parts (the CLI builds the /switch URL), valid until `expiresAt`. */
export const ImpersonationLinkDtoSchema = v.strictObject({ token: v.string(), adminId: id, userId: id, expiresAt: v.string() });

/** `POST /admin/ledger-check`: the reconciliation of the ledger. */
export const LedgerCheckDtoSchema = v.strictObject({
  wallets: count,
  entries: count,
  /** Wallets whose balance differs from the sum of their entries. */
  mismatched: v.array(v.strictObject({ walletId: id, balance: millimes, sum: millimes })),
  /** Movements whose entries do not sum to zero. */
  unbalancedMovements: v.array(v.string()),
  /** User wallets below zero. */
  negative: v.array(id),
  /** The sum of every balance (always 0: every movement sums to zero). */
  total: millimes,
  /** The token ledger (issue 20): balances and debts equal their entries, conversions agree with the points moved. */
  tokens: v.strictObject({
    accounts: count,
    entries: count,
    /** Accounts whose balance or debt differs from the sum of their entries. */
    mismatched: v.array(v.strictObject({ userId: id, balance: count, sum: v.number(), owed: count, owedSum: v.number() })),
    /** Conversions whose token debit or points credit is missing or differs from the conversion's row. */
    conversionsAdrift: v.array(id),
    /** Gift orders whose token debit differs from the order's amount, or whose return is missing or not the debit (rejected) or present (not rejected). */
    ordersAdrift: v.array(id),
    ok: v.boolean(),
  }),
  ok: v.boolean(),
});
export type LedgerCheckDto = v.InferOutput<typeof LedgerCheckDtoSchema>;
export type TokenLedgerCheckDto = LedgerCheckDto["tokens"];

/** `POST /admin/operator-renew`: the operator subscriptions renewed, stopped (charge refused) and left pending. */
export const OperatorRenewalDtoSchema = v.strictObject({ renewed: count, stopped: count, pending: count });

/** `POST /admin/affiliations/{id}/refund`. */
export const RefundDtoSchema = v.strictObject({
  affiliationId: id,
  userId: id,
  refunded: millimes,
  /** What was taken back of the code owner's share (0 without a code, or when they had spent it). */
  reclaimed: millimes,
  end_date: v.string(),
  refunded_at: v.string(),
});
export type RefundDto = v.InferOutput<typeof RefundDtoSchema>;

/** `POST /admin/remind-instalments`: how many pupils were told. */
export const InstalmentRemindersDtoSchema = v.strictObject({ notified: count });

/** `GET /dev/outbox`: a message the local SMS/e-mail gateway sent. */
export const OutboxEntryDtoSchema = v.strictObject({
  to: v.string(),
  channel: v.picklist(["sms", "email", "push"]),
  kind: v.string(),
  code: v.optional(v.string()),
  body: v.string(),
  created_at: v.string(),
});
