/**
 * Signatures between the app and its payment gateway. Each key is derived from the server secret for one purpose:
 * - the notification key: the gateway signs its server-to-server notification with it, the app's notify endpoint
 *   verifies it (a real provider gives this key in its merchant back-office; the sandbox derives the same one);
 * - the merchant key: the app signs the fields of the hidden form it sends the browser to the gateway with, so the
 *   gateway shows the amount the app registered and nothing a browser changed on the way.
 */
import { hmac, safeEqualHex } from "../../lib/crypto";

const notifyKey = (secret: string) => hmac(secret, "payment-gateway-notify");
const merchantKey = (secret: string) => hmac(secret, "payment-gateway-merchant");

/** The fields a notification signs, in a fixed order, joined by `|` (none of them may contain one). */
export interface NotificationFields {
  orderId: string;
  status: "paid" | "failed";
  amount: number;
  timestamp: number;
}

const notificationText = (n: NotificationFields) => [n.orderId, n.status, String(n.amount), String(n.timestamp)].join("|");

export function signNotification(secret: string, n: NotificationFields): string {
  return hmac(notifyKey(secret), notificationText(n));
}

export function verifyNotification(secret: string, n: NotificationFields & { signature: string }): boolean {
  return /^[0-9a-f]{64}$/.test(n.signature) && safeEqualHex(n.signature, signNotification(secret, n));
}

/** Signs form fields (sorted by name, `name=value` joined by newlines; the `signature` field itself excluded). */
export function signFields(secret: string, fields: Record<string, string>): string {
  const text = Object.keys(fields)
    .filter((k) => k !== "signature")
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join("\n");
  return hmac(merchantKey(secret), text);
}

export function verifyFields(secret: string, fields: Record<string, string>): boolean {
  const signature = fields.signature ?? "";
  return /^[0-9a-f]{64}$/.test(signature) && safeEqualHex(signature, signFields(secret, fields));
}
