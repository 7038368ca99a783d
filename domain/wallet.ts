/** What the wallet's API answers (SPEC §3 point top-up code and points history row). Amounts in millimes. */
import type { TopupMethod } from "./schemas/wallet";

export type TopupStatus = "pending" | "approved" | "rejected" | "failed";

/** A top-up request (`POST /student/codes`). */
export interface TopupCodeDto {
  id: number;
  reference: string | null;
  payment_method: TopupMethod;
  amount: number;
  comment: string | null;
  status: TopupStatus;
  created_at: string;
}

/** What moved points: the top-up methods and the ledger's other kinds. */
export type HistoryMethod = TopupMethod | "operator" | "purchase" | "transfer" | "referral_reward" | "influencer_revenue" | "refund" | "payout";

/** A row of the points history (`GET /codes`): a top-up, or another movement of the pupil's wallet. */
export interface PointsHistoryRowDto {
  /** Unique in the list: `topup-<id>` or `movement-<entry id>`. */
  key: string;
  /** The bank reference, or the top-up's or movement's number. */
  code: string;
  method: HistoryMethod;
  /** Signed millimes: positive credits the pupil, negative debits. */
  amount: number;
  description: string;
  date: string;
  status: TopupStatus;
}

/** `GET /payment/redirect/{id}`: the hidden form the browser posts to the gateway. */
export interface PaymentRedirectDto {
  url: string;
  data: Record<string, string>;
}

/** `GET /payment/d17/{id}`: what the QR code encodes. */
export interface D17PaymentDto {
  id: number;
  url: string;
  amount: number;
  status: TopupStatus;
}

/** The state of a top-up after a confirmation or a check. */
export interface PaymentStatusDto {
  id: number;
  status: TopupStatus;
  amount: number;
  payment_method: TopupMethod;
}
