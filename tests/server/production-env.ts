/**
 * A complete production environment for tests (every adapter real, every setting well-formed): a test removes or
 * breaks one setting and reads the problems `loadEnv` lists. The service account's key is made for the test.
 */
import { generateKeyPairSync } from "node:crypto";

let privateKey: string | undefined;
/** A PEM RSA key in the form of a Google service account's `private_key`. */
function testPrivateKey(): string {
  privateKey ??= generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  return privateKey;
}

export function serviceAccountJson(fields: Record<string, unknown> = {}): string {
  return JSON.stringify({
    type: "service_account",
    project_id: "darsi-prod",
    client_email: "push@darsi-prod.iam.gserviceaccount.com",
    private_key: testPrivateKey(),
    token_uri: "https://oauth2.googleapis.com/token",
    ...fields,
  });
}

/** The environment with `overrides` applied; an override of `undefined` removes that setting. */
export function productionEnv(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string | undefined> = {
    NODE_ENV: "production",
    DATA_DIR: "memory://",
    LOG_LEVEL: "silent",
    JWT_SECRET: "p".repeat(48),
    METRICS_TOKEN: "m".repeat(32),
    PUBLIC_URL: "https://app.darsi.example",
    OPERATOR_BILLING: "digitalvirgo",
    DIGITALVIRGO_API_URL: "https://api.digitalvirgo.example/v1",
    DIGITALVIRGO_SERVICE_ID: "darsi-silver",
    DIGITALVIRGO_API_KEY: "dv-key",
    DIGITALVIRGO_SECRET: "d".repeat(32),
    FCM_SERVICE_ACCOUNT_JSON: serviceAccountJson(),
    // Nothing listens there: a production test server's messages wait in the queue, retried.
    SMTP_URL: "smtp://127.0.0.1:1",
    MAIL_FROM: "Darsi <codes@darsi.example>",
    SMS_PROVIDER: "twilio",
    TWILIO_API_URL: "http://127.0.0.1:1",
    TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
    TWILIO_AUTH_TOKEN: "twilio-token",
    TWILIO_FROM: "+12025550123",
    ...overrides,
  };
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}
