/**
 * Test helpers of the operator subscription: the browser's path through the Digital Virgo sandbox (checkout →
 * the operator's page → Confirm or Cancel → the signed return's query), driven on a test server.
 */
import { randomUUID } from "node:crypto";
import type { TestServer } from "./harness";

export const idem = () => ({ "idempotency-key": randomUUID() });

/** The ticket `t` of a sandbox confirmation URL. */
export const ticketOf = (redirectUrl: string) => new URL(redirectUrl, "http://localhost").searchParams.get("t")!;

/** The query of a return URL (`/digitalvirgo/success?…`) as a record. */
export const queryOf = (url: string) => Object.fromEntries(new URL(url, "http://localhost").searchParams.entries());

/** Opens an order as a visitor (or a signed-in pupil with `token`), returns the answer. */
export async function checkout(h: TestServer, body: Record<string, unknown>, token?: string) {
  return token
    ? h.request("POST", "/api/digitalvirgo/checkout", { body, token, headers: idem(), ip: h.freshIp() })
    : h.request("POST", "/api/checkout", { body, headers: idem(), ip: h.freshIp() });
}

/** The operator's decision on its page (JSON form of the sandbox), returns where the browser goes back. */
export async function decide(h: TestServer, redirectUrl: string, action: "confirm" | "cancel"): Promise<string> {
  const res = await h.request("POST", "/sandbox/digitalvirgo/pay", { body: { t: ticketOf(redirectUrl), action } });
  if (res.status !== 200) throw new Error(`sandbox decision: ${res.status} ${res.text}`);
  return res.json.payload.redirectUrl as string;
}

/** Checkout + Confirm: the success return's query (plus checkFromFront, as the client sends it). */
export async function confirmedReturn(h: TestServer, body: Record<string, unknown>, token?: string): Promise<Record<string, string>> {
  const res = await checkout(h, body, token);
  if (res.status !== 200) throw new Error(`checkout: ${res.status} ${res.text}`);
  return { ...queryOf(await decide(h, res.json.payload.redirectUrl, "confirm")), checkFromFront: "1" };
}
