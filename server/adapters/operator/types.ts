/**
 * Carrier billing (Digital Virgo, for Ooredoo Tunisia): the pupil confirms on the operator's own page, the operator
 * charges the phone's credit and sends the browser back with a signed result; renewals and cancellation go through
 * the same provider. Two implementations: the local sandbox (its own pages under /sandbox/digitalvirgo, signed
 * returns) and the Digital Virgo HTTP API (`OPERATOR_BILLING=digitalvirgo`).
 */
import type { Recurrence } from "../../../domain/operator";
import type { OperatorReturn } from "../../../domain/schemas/operator";

export interface OperatorCheckoutRequest {
  orderId: string;
  /** 8 digits, without the country code. */
  phone: string;
  recurrence: Recurrence;
  /** Millimes per period. */
  price: number;
  /** Where the operator sends the browser back (absolute, or relative to this server). */
  successUrl: string;
  failUrl: string;
}

/** One renewal charge, as the app asks the operator for it. */
export interface OperatorChargeRequest {
  /** Unique per subscription and period: `<order id>:<period>`. */
  reference: string;
  orderId: string;
  phone: string;
  /** Millimes. */
  amount: number;
  period: number;
}

export type ChargeOutcome = "charged" | "refused";

/** The operator's verdict on a return, checked server-side (signature, then the provider's own status). */
export type OperatorVerdict =
  | { valid: true; orderId: string; paid: boolean; transactionId: string }
  | { valid: false };

export interface OperatorAdapter {
  readonly name: "sandbox" | "digitalvirgo";
  /** Opens the operator's confirmation for this order; the browser goes to `redirectUrl`. */
  startCheckout(req: OperatorCheckoutRequest): Promise<{ redirectUrl: string }>;
  /** Checks a browser return (`/digitalvirgo/success` or `/digitalvirgo/echec` query). */
  verifyReturn(ret: OperatorReturn): Promise<OperatorVerdict>;
  /**
   * Charges one renewal period of an active subscription. Idempotent by `reference` (the operator's idempotency key,
   * `<order id>:<period>`): asked again, the operator answers the first outcome and never charges twice. `refused`
   * when the operator will not charge (no credit, line closed, subscription ended at the operator). Throws when no
   * clear answer came back (network, timeout, 5xx): the outcome is then unknown and the next run asks `chargeStatus`.
   */
  charge(req: OperatorChargeRequest): Promise<ChargeOutcome>;
  /** What the operator recorded for a charge's reference; `unknown` when it never received it. Throws like `charge`. */
  chargeStatus(reference: string): Promise<ChargeOutcome | "unknown">;
  /** Stops the renewals at the operator. */
  unsubscribe(sub: { orderId: string; phone: string }): Promise<void>;
}
