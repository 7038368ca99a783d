/**
 * The payment sandboxes pay whatever their pages are told to: they must never run in production, where they would
 * hand out free points. Production needs a real card provider and offers D17 only with a real D17 gateway.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { loadEnv } from "../../server/env";
import { startTestServer, type TestServer } from "./harness";

const PROD = { NODE_ENV: "production", JWT_SECRET: "x".repeat(40), DATA_DIR: "memory://" };

describe("payment gateways by environment", () => {
  it("refuses the sandboxes in production and requires a real card provider there", () => {
    expect(() => loadEnv(PROD)).toThrow(/PAYMENT_GATEWAY/);
    expect(() => loadEnv({ ...PROD, PAYMENT_GATEWAY: "sandbox" })).toThrow(/PAYMENT_GATEWAY/);
    const clictopay = { ...PROD, PAYMENT_GATEWAY: "clictopay", CLICTOPAY_USER: "merchant", CLICTOPAY_PASSWORD: "secret" };
    expect(loadEnv(clictopay)).toMatchObject({ PAYMENT_GATEWAY: "clictopay", D17_GATEWAY: "off" });
    expect(() => loadEnv({ ...clictopay, D17_GATEWAY: "sandbox" })).toThrow(/D17_GATEWAY/);
  });

  it("uses the sandboxes by default outside production", () => {
    expect(loadEnv({ DATA_DIR: "memory://" })).toMatchObject({ PAYMENT_GATEWAY: "sandbox", D17_GATEWAY: "sandbox" });
  });
});

describe("a deployment without D17", () => {
  let h: TestServer;
  beforeAll(async () => {
    h = await startTestServer({ env: { D17_GATEWAY: "off" } });
  });
  afterAll(() => h?.close());

  it("does not offer it to the client, and refuses a D17 top-up (nothing recorded)", async () => {
    const config = await h.request("GET", "/api/config");
    expect(config.json.payload.paymentMethods).toEqual(["online", "bank"]);
    const token = await h.login("nouveau@darsi.tn");
    const res = await h.request("POST", "/api/student/codes", {
      token,
      body: { amount: 20_000, paymentMethod: "d17" },
      headers: { "idempotency-key": randomUUID() },
    });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ paymentMethod: ["payment_method_invalid"] });
    const history = await h.request("GET", "/api/codes", { token });
    expect(history.json.payload).toEqual([]);
  });
});
