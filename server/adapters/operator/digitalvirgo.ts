/**
 * The Digital Virgo HTTP adapter (`OPERATOR_BILLING=digitalvirgo`). The provider hosts the confirmation page and
 * signs its browser returns with the shared secret; every return is also checked with the provider's own status of
 * the transaction before anything is activated.
 *
 * Environment: `DIGITALVIRGO_API_URL` (base of the provider's API), `DIGITALVIRGO_SERVICE_ID` (the Darsi service at
 * the operator), `DIGITALVIRGO_API_KEY` (bearer key of the API), `DIGITALVIRGO_SECRET` (HMAC key of the returns),
 * `PUBLIC_URL` (the app's public origin, for the return URLs).
 *
 * API document: none is public. Digital Virgo gives its carrier-billing API documentation to contracted partners only,
 * and none was available to build this adapter: its endpoints (`POST /subscriptions`, `GET /subscriptions/{id}`,
 * `POST /subscriptions/{id}/charges`, `POST /subscriptions/{id}/cancel`), fields and signature are this project's model
 * of the usual hosted-confirmation flow, to be checked against the partner documentation before going live.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { OperatorReturn } from "../../../domain/schemas/operator";
import type { OperatorAdapter, OperatorVerdict } from "./types";

export interface DigitalVirgoConfig {
  apiUrl: string;
  serviceId: string;
  apiKey: string;
  secret: string;
  publicUrl: string;
}

/** The provider's charge statuses the adapter reads as a refusal (anything else but CHARGED leaves the outcome unknown). */
const REFUSED = new Set(["REFUSED", "FAILED", "INSUFFICIENT_CREDIT", "CANCELLED", "UNSUBSCRIBED"]);

export function createDigitalVirgoOperator(cfg: DigitalVirgoConfig, fetchImpl: typeof fetch = fetch): OperatorAdapter {
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetchImpl(`${cfg.apiUrl.replace(/\/$/, "")}${path}`, {
      method,
      headers: { Authorization: `Bearer ${cfg.apiKey}`, "Content-Type": "application/json", Accept: "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  const api = async <T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T> => {
    const res = await call(method, path, body, headers);
    if (!res.ok) throw new Error(`Digital Virgo ${method} ${path}: ${res.status}`);
    return (await res.json()) as T;
  };
  /** A charge's status as the provider reports it: charged, refused, or (anything else) an unknown outcome. */
  const outcomeOf = (status: string) => {
    if (status === "CHARGED") return "charged" as const;
    if (REFUSED.has(status)) return "refused" as const;
    throw new Error(`Digital Virgo charge status ${status}: outcome unknown`);
  };
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${cfg.publicUrl.replace(/\/$/, "")}${url}`);
  const sign = (r: OperatorReturn) => createHmac("sha256", cfg.secret).update(`${r.orderId}|${r.status}|${r.tx}|${r.ts}`).digest("hex");

  return {
    name: "digitalvirgo",
    async startCheckout(req) {
      const answer = await api<{ redirectUrl: string }>("POST", "/subscriptions", {
        serviceId: cfg.serviceId,
        msisdn: `216${req.phone}`,
        externalId: req.orderId,
        recurrenceDays: req.recurrence,
        amountMillimes: req.price,
        successUrl: absolute(req.successUrl),
        failUrl: absolute(req.failUrl),
      });
      return { redirectUrl: answer.redirectUrl };
    },
    async verifyReturn(ret): Promise<OperatorVerdict> {
      const expected = Buffer.from(sign(ret));
      const given = Buffer.from(ret.sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { valid: false };
      const status = await api<{ externalId: string; status: string; transactionId: string }>("GET", `/subscriptions/${encodeURIComponent(ret.orderId)}`);
      if (status.externalId !== ret.orderId) return { valid: false };
      return { valid: true, orderId: ret.orderId, paid: status.status === "ACTIVE" || status.status === "CHARGED", transactionId: status.transactionId };
    },
    async charge(req) {
      // The reference is the charge's external id and the request's idempotency key: a repeat never charges twice.
      const answer = await api<{ status: string }>(
        "POST",
        `/subscriptions/${encodeURIComponent(req.orderId)}/charges`,
        { externalId: req.reference, amountMillimes: req.amount, period: req.period },
        { "Idempotency-Key": req.reference },
      );
      return outcomeOf(answer.status);
    },
    async chargeStatus(reference) {
      const res = await call("GET", `/charges/${encodeURIComponent(reference)}`);
      if (res.status === 404) return "unknown";
      if (!res.ok) throw new Error(`Digital Virgo GET /charges: ${res.status}`);
      return outcomeOf(((await res.json()) as { status: string }).status);
    },
    async unsubscribe(sub) {
      await api("POST", `/subscriptions/${encodeURIComponent(sub.orderId)}/cancel`, { msisdn: `216${sub.phone}` });
    },
  };
}
