/**
 * Payment gateways (DESIGN §1): the card gateway the browser is sent to by a hidden POST form (`GET /payment/redirect`)
 * and D17 (a QR code the payer scans). The app never trusts what a browser or a notification says about an order: it
 * asks the gateway (`status`) before crediting anything. Implementations: the local sandbox (default, `sandbox.ts`,
 * with its own pages in `sandbox-pages.ts`) and ClicToPay (`clictopay.ts`, PAYMENT_GATEWAY=clictopay).
 */

/** What the app registers with a gateway for one top-up. Amounts in millimes (TND's minor unit). */
export interface GatewayOrder {
  /** The app's order id (`topup_codes.order_id`): unique, unguessable. */
  orderId: string;
  amount: number;
  description: string;
  /** Absolute URLs the browser is sent back to, with `?orderId=`. */
  returnUrl: string;
  failUrl: string;
  /** Where the gateway posts its signed server-to-server notification. */
  notifyUrl: string;
  lang: "fr" | "en" | "ar";
}

/** The gateway's answer about an order: `paid` and `failed` are final; `pending` means nothing decided yet. */
export interface GatewayStatus {
  status: "paid" | "failed" | "pending";
  /** The amount the gateway holds for the order (millimes), when it knows the order. */
  amount: number | null;
}

export interface CardGateway {
  readonly name: string;
  /** Registers the order; the browser then POSTs `data` to `url` (a hidden auto-submitted form). */
  register(order: GatewayOrder): Promise<{ url: string; data: Record<string, string> }>;
  status(orderId: string): Promise<GatewayStatus>;
}

export interface D17Gateway {
  readonly name: string;
  /** Registers the order; `paymentUrl` is what the QR code encodes (opened by the payer's D17 app). */
  register(order: GatewayOrder): Promise<{ paymentUrl: string }>;
  status(orderId: string): Promise<GatewayStatus>;
}

export interface PaymentGateways {
  card: CardGateway;
  d17: D17Gateway;
}
