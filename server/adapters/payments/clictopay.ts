/**
 * ClicToPay (SMT, Tunisia; a BPC/RBS "payment/rest" gateway), selected by PAYMENT_GATEWAY=clictopay with
 * CLICTOPAY_URL (default its test platform), CLICTOPAY_USER and CLICTOPAY_PASSWORD (the merchant's API account).
 * - register: `register.do` (userName, password, orderNumber = our order id, amount in millimes, currency 788,
 *   returnUrl, failUrl, language) answers `{ orderId, formUrl }`; the browser is sent to `formUrl` by the hidden form
 *   (its query becomes the form's fields). ClicToPay appends its own `orderId` to the return URL after ours; the
 *   return page reads the first one, ours.
 * - status: `getOrderStatusExtended.do` by `orderNumber`: `orderStatus` 2 is paid (deposited), 3 and 6 are declined
 *   or reversed, anything else is still open.
 * ClicToPay sends no signed notification: its status is always asked server-side (the notify endpoint is for the
 * sandbox and providers that do). Not reachable from this machine; nothing here is exercised by the tests but the
 * request it builds.
 */
import type { CardGateway, GatewayStatus } from "./types";

export interface ClicToPayConfig {
  url: string;
  user: string;
  password: string;
  fetch?: typeof fetch;
}

const LANGS = { fr: "fr", en: "en", ar: "ar" } as const;

/** The register.do request for an order (exported for the test of the request it builds). */
export function clicToPayRegisterUrl(config: ClicToPayConfig, order: Parameters<CardGateway["register"]>[0]): URL {
  const url = new URL(`${config.url.replace(/\/$/, "")}/register.do`);
  url.searchParams.set("userName", config.user);
  url.searchParams.set("password", config.password);
  url.searchParams.set("orderNumber", order.orderId);
  url.searchParams.set("amount", String(order.amount));
  url.searchParams.set("currency", "788");
  url.searchParams.set("returnUrl", order.returnUrl);
  url.searchParams.set("failUrl", order.failUrl);
  url.searchParams.set("language", LANGS[order.lang]);
  url.searchParams.set("description", order.description);
  return url;
}

export function clicToPayGateway(config: ClicToPayConfig): CardGateway {
  const doFetch = config.fetch ?? fetch;
  async function call(url: URL): Promise<Record<string, unknown>> {
    const res = await doFetch(url, { method: "POST", signal: AbortSignal.timeout(15_000) });
    if (!res.ok) throw new Error(`ClicToPay ${url.pathname}: HTTP ${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  }
  return {
    name: "clictopay",
    async register(order) {
      const answer = await call(clicToPayRegisterUrl(config, order));
      if (answer.errorCode && String(answer.errorCode) !== "0") throw new Error(`ClicToPay register: ${String(answer.errorMessage ?? answer.errorCode)}`);
      const form = new URL(String(answer.formUrl));
      const data = Object.fromEntries(form.searchParams);
      form.search = "";
      return { url: form.toString(), data };
    },
    async status(orderId): Promise<GatewayStatus> {
      const url = new URL(`${config.url.replace(/\/$/, "")}/getOrderStatusExtended.do`);
      url.searchParams.set("userName", config.user);
      url.searchParams.set("password", config.password);
      url.searchParams.set("orderNumber", orderId);
      const answer = await call(url);
      const amount = typeof answer.amount === "number" ? answer.amount : null;
      const code = Number(answer.orderStatus);
      if (code === 2) return { status: "paid", amount };
      if (code === 3 || code === 6) return { status: "failed", amount };
      return { status: "pending", amount };
    },
  };
}
