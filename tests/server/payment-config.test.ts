/**
 * The payment sandboxes pay whatever their pages are told to: they must never run in production, where they would
 * hand out free points. Production offers card payments only with a real provider, and D17 only with a D17 gateway.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { loadEnv } from "../../server/env";
import { productionEnv } from "./production-env";
import { startTestServer, type TestServer } from "./harness";

const PROD = productionEnv();

describe("payment gateways by environment", () => {
  it("refuses the sandboxes in production, where card and D17 payments are off unless a real gateway is set", () => {
    expect(loadEnv(PROD)).toMatchObject({ PAYMENT_GATEWAY: "off", D17_GATEWAY: "off" });
    expect(() => loadEnv({ ...PROD, PAYMENT_GATEWAY: "sandbox" })).toThrow(/PAYMENT_GATEWAY/);
    const clictopay = { ...PROD, PAYMENT_GATEWAY: "clictopay", CLICTOPAY_USER: "merchant", CLICTOPAY_PASSWORD: "secret" };
    expect(loadEnv(clictopay)).toMatchObject({ PAYMENT_GATEWAY: "clictopay", D17_GATEWAY: "off" });
    expect(() => loadEnv({ ...clictopay, D17_GATEWAY: "sandbox" })).toThrow(/D17_GATEWAY/);
  });

  it("uses the sandboxes by default outside production", () => {
    expect(loadEnv({ DATA_DIR: "memory://" })).toMatchObject({ PAYMENT_GATEWAY: "sandbox", D17_GATEWAY: "sandbox" });
  });
});

/** The card sandbox's payment page, posted an unsigned form: 400 from the sandbox, 404 where no sandbox is mounted. */
const sandboxPage = (h: TestServer) =>
  h.request("POST", "/sandbox/gateway/pay", { body: "orderId=0123456789abcdef0123456789abcdef", headers: { "content-type": "application/x-www-form-urlencoded" } });

describe("the demo's sandbox", () => {
  let h: TestServer;
  // Started in a hook (its longer timeout), as the other servers of this file: a boot on a loaded machine takes time.
  beforeAll(async () => {
    h = await startTestServer();
  });
  afterAll(() => h?.close());

  it("is mounted by default outside production", async () => {
    expect((await sandboxPage(h)).status).toBe(400);
  });
});

describe("a deployment without card or D17 gateway", () => {
  let h: TestServer;
  beforeAll(async () => {
    h = await startTestServer({ env: { D17_GATEWAY: "off", PAYMENT_GATEWAY: "off" } });
  });
  afterAll(() => h?.close());

  it("offers only bank top-ups, refuses card and D17 ones (nothing recorded) and serves no sandbox page", async () => {
    const config = await h.request("GET", "/api/config");
    expect(config.json.payload.paymentMethods).toEqual(["bank"]);
    const token = await h.login("nouveau@darsi.tn");
    for (const paymentMethod of ["d17", "online"]) {
      const res = await h.request("POST", "/api/student/codes", {
        token,
        body: { amount: 20_000, paymentMethod },
        headers: { "idempotency-key": randomUUID() },
      });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({ paymentMethod: ["payment_method_invalid"] });
    }
    expect((await sandboxPage(h)).status).toBe(404);
    const history = await h.request("GET", "/api/codes", { token });
    expect(history.json.payload).toEqual([]);
  });
});
