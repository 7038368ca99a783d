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
  /** Charges one more period of an active subscription; false when the operator refuses (no credit, line closed). */
  renew(sub: { orderId: string; phone: string; price: number; period: number }): Promise<boolean>;
  /** Stops the renewals at the operator. */
  unsubscribe(sub: { orderId: string; phone: string }): Promise<void>;
}
