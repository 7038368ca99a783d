/**
 * A production start is honest (issue 18, item 2): every setting is checked at boot and a wrong one stops the server
 * with the list of all problems; no demo account, no local stand-in; every absolute URL from PUBLIC_URL.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../server/env";
import { productionEnv, serviceAccountJson } from "./production-env";
import { startTestServer, type TestServer } from "./harness";

function problemsOf(source: Record<string, string | undefined>): string[] {
  try {
    loadEnv(source);
  } catch (err) {
    const [head, ...lines] = (err as Error).message.split("\n");
    expect(head).toBe("Invalid environment:");
    return lines.map((l) => l.trim());
  }
  return [];
}

describe("a production start", () => {
  it("starts with every adapter real and configured, without the demo accounts", () => {
    const env = loadEnv(productionEnv());
    expect(env).toMatchObject({
      SEED_DEMO: false,
      devOutbox: false,
      PAYMENT_GATEWAY: "off",
      D17_GATEWAY: "off",
      OPERATOR_BILLING: "digitalvirgo",
      SMS_PROVIDER: "twilio",
      PUBLIC_URL: "https://app.darsi.example",
    });
    expect(env.fcm?.project_id).toBe("darsi-prod");
  });

  it("lists every missing setting at once, not only the first", () => {
    expect(problemsOf({ NODE_ENV: "production" })).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^JWT_SECRET: required/),
        expect.stringMatching(/^PUBLIC_URL: required/),
        expect.stringMatching(/^OPERATOR_BILLING: required/),
        expect.stringMatching(/^FCM_SERVICE_ACCOUNT_JSON or FCM_SERVICE_ACCOUNT_FILE: required/),
        expect.stringMatching(/^SMTP_URL: required/),
        expect.stringMatching(/^SMS_PROVIDER: required/),
      ]),
    );
  });

  it.each([
    ["JWT_SECRET", /^JWT_SECRET: required/],
    ["PUBLIC_URL", /^PUBLIC_URL: required/],
    ["OPERATOR_BILLING", /^OPERATOR_BILLING: required/],
    ["DIGITALVIRGO_API_URL", /^DIGITALVIRGO_API_URL: required with OPERATOR_BILLING=digitalvirgo/],
    ["DIGITALVIRGO_SERVICE_ID", /^DIGITALVIRGO_SERVICE_ID: required/],
    ["DIGITALVIRGO_API_KEY", /^DIGITALVIRGO_API_KEY: required/],
    ["DIGITALVIRGO_SECRET", /^DIGITALVIRGO_SECRET: required/],
    ["FCM_SERVICE_ACCOUNT_JSON", /^FCM_SERVICE_ACCOUNT_JSON or FCM_SERVICE_ACCOUNT_FILE: required/],
    ["SMTP_URL", /^SMTP_URL: required/],
    ["MAIL_FROM", /^MAIL_FROM: required with SMTP_URL/],
    ["SMS_PROVIDER", /^SMS_PROVIDER: required/],
    ["TWILIO_ACCOUNT_SID", /^TWILIO_ACCOUNT_SID: required with SMS_PROVIDER=twilio/],
    ["TWILIO_AUTH_TOKEN", /^TWILIO_AUTH_TOKEN: required/],
    ["TWILIO_FROM", /^TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID: required/],
  ])("stops without %s", (name, problem) => {
    const problems = problemsOf(productionEnv({ [name]: undefined }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(problem);
  });

  it.each([
    [{ SEED_DEMO: "true" }, /^SEED_DEMO: the demo accounts are refused/],
    [{ DEV_OUTBOX: "true" }, /^DEV_OUTBOX: the dev outbox is refused/],
    [{ PUBLIC_URL: "http://app.darsi.example" }, /^PUBLIC_URL: must be https/],
    [{ PUBLIC_URL: "https://app.darsi.example/app" }, /^PUBLIC_URL: PUBLIC_URL must be an origin/],
    [{ PAYMENT_GATEWAY: "sandbox" }, /^PAYMENT_GATEWAY: the payment sandbox is refused/],
    [{ PAYMENT_GATEWAY: "clictopay" }, /^CLICTOPAY_USER, CLICTOPAY_PASSWORD: required with PAYMENT_GATEWAY=clictopay/],
    [{ D17_GATEWAY: "sandbox" }, /^D17_GATEWAY: the D17 sandbox is refused/],
    [{ OPERATOR_BILLING: "sandbox" }, /^OPERATOR_BILLING: the operator sandbox is refused/],
    [{ OPERATOR_BILLING: "orange" }, /^OPERATOR_BILLING: OPERATOR_BILLING must be sandbox or digitalvirgo/],
    [{ DIGITALVIRGO_API_URL: "api.digitalvirgo" }, /^DIGITALVIRGO_API_URL: DIGITALVIRGO_API_URL must be a URL/],
    [{ FCM_SERVICE_ACCOUNT_JSON: "{not json" }, /^FCM_SERVICE_ACCOUNT_JSON: not JSON/],
    [{ FCM_SERVICE_ACCOUNT_JSON: serviceAccountJson({ client_email: undefined }) }, /^FCM_SERVICE_ACCOUNT_JSON: a service account needs/],
    [{ FCM_SERVICE_ACCOUNT_JSON: serviceAccountJson({ private_key: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n" }) }, /private_key is not a PEM private key/],
    [{ FCM_SERVICE_ACCOUNT_JSON: undefined, FCM_SERVICE_ACCOUNT_FILE: "/nonexistent/sa.json" }, /^FCM_SERVICE_ACCOUNT_FILE: cannot read \/nonexistent\/sa.json \(ENOENT\)/],
    [{ SMTP_URL: "https://mail.darsi.example" }, /^SMTP_URL: SMTP_URL must be an smtp/],
    [{ MAIL_FROM: "codes" }, /^MAIL_FROM: MAIL_FROM must be an address/],
    [{ SMS_PROVIDER: "outbox" }, /^SMS_PROVIDER: the outbox is refused/],
    [{ TWILIO_ACCOUNT_SID: "AC123" }, /^TWILIO_ACCOUNT_SID: TWILIO_ACCOUNT_SID must be AC/],
    [{ TWILIO_FROM: "0021622000001" }, /^TWILIO_FROM: TWILIO_FROM must be an E.164 number/],
    [{ LIVE_PROVIDER_URL: "http://meet.darsi.example" }, /^LIVE_PROVIDER_URL: must be https/],
  ])("stops on a wrong setting: %o", (change, problem) => {
    const problems = problemsOf(productionEnv(change));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(problem);
  });

  it("reads the push service account from a file at boot", () => {
    const file = join(mkdtempSync(join(tmpdir(), "darsi-sa-")), "sa.json");
    writeFileSync(file, serviceAccountJson({ project_id: "darsi-file" }));
    expect(loadEnv(productionEnv({ FCM_SERVICE_ACCOUNT_JSON: undefined, FCM_SERVICE_ACCOUNT_FILE: file })).fcm?.project_id).toBe("darsi-file");
    expect(problemsOf(productionEnv({ FCM_SERVICE_ACCOUNT_FILE: file }))).toEqual([expect.stringMatching(/set one of them, not both/)]);
  });

  it("keeps the demo's behaviour outside production: no setting needed", () => {
    expect(loadEnv({})).toMatchObject({ SEED_DEMO: true, PAYMENT_GATEWAY: "sandbox", OPERATOR_BILLING: "sandbox", SMS_PROVIDER: "outbox", fcm: undefined });
    expect(loadEnv({ SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
    // A real adapter outside production is checked as in production.
    expect(problemsOf({ OPERATOR_BILLING: "digitalvirgo" })).toEqual([
      "DIGITALVIRGO_API_URL, DIGITALVIRGO_SERVICE_ID, DIGITALVIRGO_API_KEY, DIGITALVIRGO_SECRET, PUBLIC_URL: required with OPERATOR_BILLING=digitalvirgo",
    ]);
  });

});

describe("a production server", () => {
  let prod: TestServer;
  beforeAll(async () => {
    prod = await startTestServer({ env: productionEnv() });
  });
  afterAll(() => prod?.close());

  it("seeds no demo account: the demo logins do not exist", async () => {
    for (const username of ["eleve@darsi.tn", "22000001", "admin@darsi.tn"]) {
      const res = await prod.request("POST", "/api/auth/login_check", { body: { username, password: "Darsi#2026" }, ip: prod.freshIp() });
      expect(res.status).toBe(401);
    }
    expect((await prod.request("GET", "/api/config")).status).toBe(200);
  });
});

/** A GET over a real socket with the Host header a client chooses. */
function getWithHost(port: number, path: string, host: string, token: string): Promise<{ status: number; json: { payload: Record<string, unknown> } }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, agent: false, headers: { host, authorization: `Bearer ${token}` } }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function overHttp<T>(h: TestServer, run: (port: number) => Promise<T>): Promise<T> {
  let server: ServerType | undefined;
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: h.app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => resolve(info.port));
  });
  try {
    return await run(port);
  } finally {
    await new Promise((resolve) => server?.close(resolve));
  }
}

async function cardTopup(h: TestServer, token: string, method: "online" | "d17"): Promise<number> {
  const res = await h.request("POST", "/api/student/codes", { token, body: { amount: 20_000, paymentMethod: method }, headers: { "idempotency-key": randomUUID() } });
  expect(res.status).toBe(201);
  return res.json.payload.id as number;
}

describe("absolute URLs with PUBLIC_URL", () => {
  let withPublicUrl: TestServer;
  beforeAll(async () => {
    withPublicUrl = await startTestServer({ env: { PUBLIC_URL: "https://app.darsi.example" } });
  });
  afterAll(() => withPublicUrl?.close());

  it("come from PUBLIC_URL, never from a spoofed Host header", async () => {
    const h = withPublicUrl;
    const token = await h.login("nouveau@darsi.tn");
    const card = await cardTopup(h, token, "online");
    const d17 = await cardTopup(h, token, "d17");
    await overHttp(h, async (port) => {
      const redirect = await getWithHost(port, `/api/payment/redirect/${card}`, "evil.example", token);
      expect(redirect.status).toBe(200);
      const { url, data } = redirect.json.payload as { url: string; data: Record<string, string> };
      expect(url).toMatch(/^https:\/\/app\.darsi\.example\/sandbox\//);
      expect(data.returnUrl).toMatch(/^https:\/\/app\.darsi\.example\/payment\/success/);
      expect(data.failUrl).toMatch(/^https:\/\/app\.darsi\.example\/payment\/echec/);
      expect(data.notifyUrl).toBe("https://app.darsi.example/api/payment/notify");
      const pay = await getWithHost(port, `/api/payment/d17/${d17}`, "evil.example", token);
      expect(pay.status).toBe(200);
      expect(pay.json.payload.url).toMatch(/^https:\/\/app\.darsi\.example\/sandbox\//);
    });
  });

});

describe("absolute URLs without PUBLIC_URL (development only)", () => {
  let withoutPublicUrl: TestServer;
  beforeAll(async () => {
    withoutPublicUrl = await startTestServer();
  });
  afterAll(() => withoutPublicUrl?.close());

  it("use the origin the request came to", async () => {
    const h = withoutPublicUrl;
    const token = await h.login("nouveau@darsi.tn");
    const card = await cardTopup(h, token, "online");
    await overHttp(h, async (port) => {
      const redirect = await getWithHost(port, `/api/payment/redirect/${card}`, "laptop.local:3000", token);
      expect((redirect.json.payload as { data: Record<string, string> }).data.returnUrl).toMatch(/^http:\/\/laptop\.local:3000\/payment\/success/);
    });
  });
});
