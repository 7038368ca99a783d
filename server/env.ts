import { availableParallelism } from "node:os";
import * as v from "valibot";
import { readServiceAccount, type ServiceAccount } from "./adapters/push/service-account";

const flag = v.optional(v.picklist(["true", "false", "1", "0"]));
const on = (s: string | undefined) => s === "true" || s === "1";

const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(["development", "production", "test"]), "development"),
  PORT: v.pipe(v.optional(v.string(), "3000"), v.transform(Number), v.integer(), v.minValue(0), v.maxValue(65535)),
  HOST: v.optional(v.string(), "0.0.0.0"),
  // Server processes on the one port (server/cluster.ts): a whole number, or `auto` (one per core). Above 1: PostgreSQL only.
  WORKERS: v.optional(v.pipe(v.string(), v.regex(/^(auto|[1-9][0-9]{0,2})$/, "WORKERS must be a whole number from 1, or auto")), "1"),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), "./.data"),
  // Uploaded files (server/lib/storage.ts): `local` (DATA_DIR/uploads, one machine) by default, or an S3-compatible store.
  STORAGE: v.optional(v.picklist(["local", "s3"], "STORAGE must be local or s3"), "local"),
  S3_ENDPOINT: v.optional(v.pipe(v.string(), v.regex(/^https?:\/\/[^/?#\s]+\/?$/, "S3_ENDPOINT must be an http(s) origin such as https://s3.eu-west-3.amazonaws.com"))),
  S3_BUCKET: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, dots, hyphens)"))),
  S3_REGION: v.optional(v.pipe(v.string(), v.nonEmpty())),
  S3_ACCESS_KEY_ID: v.optional(v.pipe(v.string(), v.nonEmpty())),
  S3_SECRET_ACCESS_KEY: v.optional(v.pipe(v.string(), v.nonEmpty())),
  S3_FORCE_PATH_STYLE: flag,
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL"))),
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, "JWT_SECRET must have at least 32 characters"))),
  TOKEN_TTL_HOURS: v.pipe(v.optional(v.string(), "720"), v.transform(Number), v.integer(), v.minValue(1)),
  BOT_CHECK: v.optional(v.picklist(["altcha", "off"]), "altcha"),
  // The demo accounts share a public password: seeded by default outside production only, refused in production.
  SEED_DEMO: flag,
  // Bearer token of GET /metrics (lib/metrics.ts): without it /metrics is off; required in production.
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, "METRICS_TOKEN must have at least 16 characters"))),
  LOG_LEVEL: v.optional(v.picklist(["debug", "info", "warn", "error", "silent"]), "info"),
  STATIC_DIR: v.optional(v.string(), "./dist"),
  MEDIA_DIR: v.optional(v.string(), "./server/media"),
  PROGRESS_API_KEY: v.optional(v.pipe(v.string(), v.minLength(8)), "darsi-web-progress"),
  TEACHER_APP_URL: v.optional(v.pipe(v.string(), v.url()), "https://prof.darsi.tn/"),
  REGISTRATION_URL: v.optional(v.pipe(v.string(), v.url()), "https://www.darsi.tn/inscription"),
  FORUM_URL: v.optional(v.pipe(v.string(), v.url()), "https://forum.darsi.tn/"),
  TERMS_URL: v.optional(v.pipe(v.string(), v.url()), "https://www.darsi.tn/conditions-generales"),
  // The app's public origin: the base of every absolute URL the server builds (server/lib/public-url.ts).
  PUBLIC_URL: v.optional(
    v.pipe(v.string(), v.regex(/^https?:\/\/[^/?#\s]+\/?$/, "PUBLIC_URL must be an origin such as https://app.darsi.tn (no path)")),
  ),
  RATE_LIMIT_FACTOR: v.pipe(v.optional(v.string(), "1"), v.transform(Number), v.minValue(0.01)),
  DEV_OUTBOX: v.optional(v.picklist(["true", "false"])),
  // Top-ups by card and D17 (server/adapters/payments): the local sandbox by default, or a real provider.
  // Card payments: `sandbox` (the local gateway pages) by default outside production, refused in production; `off`
  // (the method is not offered) by default in production unless a real provider is configured.
  PAYMENT_GATEWAY: v.optional(v.picklist(["sandbox", "clictopay", "off"])),
  // D17 has no public merchant API: `sandbox` by default outside production, `off` (the method is not offered) in production.
  D17_GATEWAY: v.optional(v.picklist(["sandbox", "off"])),
  CLICTOPAY_URL: v.optional(v.pipe(v.string(), v.url()), "https://test.clictopay.com/payment/rest"),
  CLICTOPAY_USER: v.optional(v.string()),
  CLICTOPAY_PASSWORD: v.optional(v.string()),
  // Carrier billing (server/adapters/operator): the local sandbox outside production, Digital Virgo in production.
  OPERATOR_BILLING: v.optional(v.picklist(["sandbox", "digitalvirgo"], "OPERATOR_BILLING must be sandbox or digitalvirgo")),
  DIGITALVIRGO_API_URL: v.optional(v.pipe(v.string(), v.url("DIGITALVIRGO_API_URL must be a URL"))),
  DIGITALVIRGO_SERVICE_ID: v.optional(v.pipe(v.string(), v.nonEmpty())),
  DIGITALVIRGO_API_KEY: v.optional(v.pipe(v.string(), v.nonEmpty())),
  DIGITALVIRGO_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, "DIGITALVIRGO_SECRET must have at least 16 characters"))),
  // Live sessions' rooms (server/adapters/live): unset, the app's own room page; set, the provider's room base.
  LIVE_PROVIDER_URL: v.optional(v.pipe(v.string(), v.url("LIVE_PROVIDER_URL must be a URL"))),
  // Web push (server/adapters/push): FCM HTTP v1 with a service account (inline JSON or a file); without one, pushes go to the dev outbox.
  FCM_SERVICE_ACCOUNT_JSON: v.optional(v.pipe(v.string(), v.nonEmpty())),
  FCM_SERVICE_ACCOUNT_FILE: v.optional(v.pipe(v.string(), v.nonEmpty())),
  FCM_PROJECT_ID: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]{4,40}$/, "FCM_PROJECT_ID must be a Firebase project id"))),
  // Messages (server/adapters/messaging): e-mail over SMTP when SMTP_URL is set, SMS through Twilio with SMS_PROVIDER=twilio;
  // otherwise (never in production) each is written to the dev outbox table only.
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\/[^/\s]+/, "SMTP_URL must be an smtp:// or smtps:// URL"))),
  MAIL_FROM: v.optional(
    v.pipe(v.string(), v.regex(/^(?:[^<>]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, "MAIL_FROM must be an address (Darsi <codes@darsi.tn>)")),
  ),
  SMS_PROVIDER: v.optional(v.picklist(["outbox", "twilio"], "SMS_PROVIDER must be twilio (or outbox outside production)")),
  TWILIO_API_URL: v.optional(v.pipe(v.string(), v.url("TWILIO_API_URL must be a URL")), "https://api.twilio.com"),
  TWILIO_ACCOUNT_SID: v.optional(v.pipe(v.string(), v.regex(/^AC[0-9a-f]{32}$/, "TWILIO_ACCOUNT_SID must be AC followed by 32 hex digits"))),
  TWILIO_AUTH_TOKEN: v.optional(v.pipe(v.string(), v.nonEmpty())),
  TWILIO_FROM: v.optional(v.pipe(v.string(), v.regex(/^\+[1-9][0-9]{6,14}$|^[A-Za-z0-9 ]{1,11}$/, "TWILIO_FROM must be an E.164 number or an alphanumeric sender id"))),
  TWILIO_MESSAGING_SERVICE_SID: v.optional(
    v.pipe(v.string(), v.regex(/^MG[0-9a-f]{32}$/, "TWILIO_MESSAGING_SERVICE_SID must be MG followed by 32 hex digits")),
  ),
  // Social sign-in (server/adapters/social): a provider is offered when its client id and secret are set; outside
  // production, SOCIAL_SANDBOX (the local OpenID provider's URL, started by `npm start` / `npm run dev`) plays both.
  GOOGLE_CLIENT_ID: v.optional(v.pipe(v.string(), v.nonEmpty())),
  GOOGLE_CLIENT_SECRET: v.optional(v.pipe(v.string(), v.nonEmpty())),
  FACEBOOK_CLIENT_ID: v.optional(v.pipe(v.string(), v.nonEmpty())),
  FACEBOOK_CLIENT_SECRET: v.optional(v.pipe(v.string(), v.nonEmpty())),
  SOCIAL_SANDBOX: v.optional(v.pipe(v.string(), v.regex(/^https?:\/\/[^/?#\s]+\/?$/, "SOCIAL_SANDBOX must be the local provider's origin (http://localhost:3009)"))),
});

/**
 * The client's service bases (build-time variables of the PWA, src/lib/env.ts). When one is an absolute URL on another
 * origin, that origin (and its websocket twin) is added to the CSP's connect-src; same-origin paths need nothing.
 */
const SERVICE_BASES = ["VITE_API_BASE", "VITE_PROGRESS_BASE", "VITE_ANALYTICS_BASE", "VITE_REVIEWS_BASE", "VITE_QUIZ_BASE", "VITE_NOTIFY_BASE"] as const;

function serviceOrigins(source: Record<string, string | undefined>, problems: string[]): string[] {
  const origins = new Set<string>();
  for (const name of SERVICE_BASES) {
    const value = source[name];
    if (!value || !/^https?:\/\//i.test(value)) continue;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      problems.push(`${name}: not a URL`);
      continue;
    }
    origins.add(url.origin);
    origins.add(`${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`);
  }
  return [...origins];
}

type Parsed = v.InferOutput<typeof EnvSchema>;

export type Env = Omit<Parsed, "PAYMENT_GATEWAY" | "D17_GATEWAY" | "SEED_DEMO" | "OPERATOR_BILLING" | "SMS_PROVIDER" | "WORKERS"> & {
  /** Server processes on the port (`auto` resolved to the number of cores). */
  WORKERS: number;
  PAYMENT_GATEWAY: "sandbox" | "clictopay" | "off";
  D17_GATEWAY: "sandbox" | "off";
  OPERATOR_BILLING: "sandbox" | "digitalvirgo";
  SMS_PROVIDER: "outbox" | "twilio";
  /** Seed the demo accounts (never in production). */
  SEED_DEMO: boolean;
  devOutbox: boolean;
  /** Web push's service account, read and checked at boot (undefined: pushes go to the dev outbox, never in production). */
  fcm: ServiceAccount | undefined;
  /** Other origins the PWA talks to (VITE_*_BASE given as absolute URLs), for the CSP's connect-src. */
  serviceOrigins: string[];
  /** The origin of the file store's signed links when it is not the app's (STORAGE=s3), for the CSP. */
  fileOrigin: string | undefined;
};

/**
 * Where the S3 store's presigned links point: the endpoint itself with path-style addressing
 * (`https://minio.example/bucket/key`), else the bucket's own host (`https://bucket.s3.eu-west-3.amazonaws.com/key`).
 */
function s3LinkOrigin(endpoint: string, bucket: string, pathStyle: boolean): string {
  const url = new URL(endpoint);
  return pathStyle ? url.origin : `${url.protocol}//${bucket}.${url.host}`;
}

/** WORKERS as a number of processes (`auto`: the cores this process may use); undefined when unset or malformed. */
function workerCount(raw: string | undefined): number | undefined {
  if (raw === "auto") return availableParallelism();
  return raw !== undefined && /^[1-9][0-9]{0,2}$/.test(raw) ? Number(raw) : undefined;
}

const has = (value: string | undefined) => value !== undefined && value !== "";
const missing = (source: Record<string, string | undefined>, names: string[]) => names.filter((n) => !has(source[n]));

/**
 * The rules between settings and those of production, checked on the raw values (so that they are reported with the
 * schema's problems, all at once). Production refuses every local stand-in: demo accounts, dev outbox, sandboxes, the
 * outbox instead of e-mail and SMS, the outbox instead of push.
 */
function settingProblems(source: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const production = source.NODE_ENV === "production";
  const need = (names: string[], why: string) => {
    const absent = missing(source, names);
    if (absent.length) problems.push(`${absent.join(", ")}: required ${why}`);
  };
  if (source.PAYMENT_GATEWAY === "clictopay") need(["CLICTOPAY_USER", "CLICTOPAY_PASSWORD"], "with PAYMENT_GATEWAY=clictopay");
  if (source.OPERATOR_BILLING === "digitalvirgo") {
    // Its return URLs are built on PUBLIC_URL (production requires it anyway, and says so once).
    const settings = ["DIGITALVIRGO_API_URL", "DIGITALVIRGO_SERVICE_ID", "DIGITALVIRGO_API_KEY", "DIGITALVIRGO_SECRET"];
    need(production ? settings : [...settings, "PUBLIC_URL"], "with OPERATOR_BILLING=digitalvirgo");
  }
  if (source.SMS_PROVIDER === "twilio") {
    need(["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"], "with SMS_PROVIDER=twilio");
    if (!has(source.TWILIO_FROM) && !has(source.TWILIO_MESSAGING_SERVICE_SID)) {
      problems.push("TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID: required with SMS_PROVIDER=twilio (the sender)");
    }
  }
  if (source.STORAGE === "s3") need(["S3_ENDPOINT", "S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"], "with STORAGE=s3");
  for (const provider of ["GOOGLE", "FACEBOOK"]) {
    const pair = [`${provider}_CLIENT_ID`, `${provider}_CLIENT_SECRET`];
    if (pair.some((n) => has(source[n])) && !has(source.SOCIAL_SANDBOX)) need(pair, `to offer ${provider === "GOOGLE" ? "Google" : "Facebook"} sign-in (both or neither)`);
  }
  if (has(source.SMTP_URL)) need(["MAIL_FROM"], "with SMTP_URL (the sender of the e-mails)");
  if (has(source.FCM_SERVICE_ACCOUNT_JSON) && has(source.FCM_SERVICE_ACCOUNT_FILE)) {
    problems.push("FCM_SERVICE_ACCOUNT_JSON, FCM_SERVICE_ACCOUNT_FILE: set one of them, not both");
  }
  const workers = workerCount(source.WORKERS);
  if (workers !== undefined && workers > 1 && !has(source.DATABASE_URL)) {
    problems.push(
      `WORKERS: ${source.WORKERS === "auto" ? `auto (${workers} cores)` : workers} processes need PostgreSQL (DATABASE_URL): the embedded PGlite database belongs to one process (WORKERS=1, or set DATABASE_URL)`,
    );
  }
  if (!production) return problems;

  need(["JWT_SECRET"], "with NODE_ENV=production");
  if (!has(source.METRICS_TOKEN)) problems.push("METRICS_TOKEN: required with NODE_ENV=production (the bearer token of GET /metrics)");
  if (on(source.SEED_DEMO)) problems.push("SEED_DEMO: the demo accounts are refused with NODE_ENV=production (their password is public)");
  // The dev outbox (`GET /api/dev/outbox`: every verification and reset code, readable by anyone) never runs in production.
  if (source.DEV_OUTBOX === "true") problems.push("DEV_OUTBOX: the dev outbox is refused with NODE_ENV=production (it publishes every code)");
  if (!has(source.PUBLIC_URL)) problems.push("PUBLIC_URL: required with NODE_ENV=production (the base of every link the server builds)");
  else if (!source.PUBLIC_URL!.startsWith("https://")) problems.push("PUBLIC_URL: must be https in production");
  // A sandbox gateway pays whatever its page is told to: in production it would hand out free points.
  if (source.PAYMENT_GATEWAY === "sandbox") problems.push("PAYMENT_GATEWAY: the payment sandbox is refused with NODE_ENV=production (clictopay or off)");
  if (source.D17_GATEWAY === "sandbox") problems.push("D17_GATEWAY: the D17 sandbox is refused with NODE_ENV=production (set it to off)");
  if (!has(source.OPERATOR_BILLING)) problems.push("OPERATOR_BILLING: required with NODE_ENV=production (digitalvirgo)");
  else if (source.OPERATOR_BILLING === "sandbox") problems.push("OPERATOR_BILLING: the operator sandbox is refused with NODE_ENV=production (digitalvirgo)");
  if (!has(source.FCM_SERVICE_ACCOUNT_JSON) && !has(source.FCM_SERVICE_ACCOUNT_FILE)) {
    problems.push("FCM_SERVICE_ACCOUNT_JSON or FCM_SERVICE_ACCOUNT_FILE: required with NODE_ENV=production (web push)");
  }
  // Pupils sign in with an e-mail or a phone: both channels must reach them.
  if (!has(source.SMTP_URL)) problems.push("SMTP_URL: required with NODE_ENV=production (codes sent by e-mail)");
  if (!has(source.SMS_PROVIDER)) problems.push("SMS_PROVIDER: required with NODE_ENV=production (twilio: codes sent by SMS)");
  else if (source.SMS_PROVIDER === "outbox") problems.push("SMS_PROVIDER: the outbox is refused with NODE_ENV=production (twilio)");
  // The local provider signs in whoever its page picks: in production it would open any account.
  if (has(source.SOCIAL_SANDBOX)) problems.push("SOCIAL_SANDBOX: the local sign-in provider is refused with NODE_ENV=production (set GOOGLE_CLIENT_ID/SECRET, FACEBOOK_CLIENT_ID/SECRET)");
  if (has(source.LIVE_PROVIDER_URL) && !source.LIVE_PROVIDER_URL!.startsWith("https://")) problems.push("LIVE_PROVIDER_URL: must be https in production");
  return problems;
}

/**
 * Reads and validates the environment. A wrong or missing setting throws one error listing every problem (the schema's,
 * the rules between settings, production's, the push service account's), so that a deployment is fixed in one go.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = v.safeParse(EnvSchema, source);
  const problems: string[] = result.success
    ? []
    : result.issues.map((i) => `${i.path?.map((p) => String(p.key)).join(".") ?? "?"}: ${i.message}`);
  problems.push(...settingProblems(source));
  const origins = serviceOrigins(source, problems);
  let fcm: ServiceAccount | undefined;
  try {
    fcm = readServiceAccount(source);
  } catch (err) {
    problems.push((err as Error).message);
  }
  if (!result.success || problems.length) throw new Error(`Invalid environment:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  const env = result.output;
  const production = env.NODE_ENV === "production";
  return {
    ...env,
    SEED_DEMO: env.SEED_DEMO === undefined ? !production : on(env.SEED_DEMO),
    PAYMENT_GATEWAY: env.PAYMENT_GATEWAY ?? (production ? "off" : "sandbox"),
    D17_GATEWAY: env.D17_GATEWAY ?? (production ? "off" : "sandbox"),
    OPERATOR_BILLING: env.OPERATOR_BILLING ?? "sandbox",
    SMS_PROVIDER: env.SMS_PROVIDER ?? "outbox",
    WORKERS: workerCount(env.WORKERS) ?? 1,
    devOutbox: env.DEV_OUTBOX === "true",
    fcm,
    serviceOrigins: origins,
    fileOrigin:
      env.STORAGE === "s3" ? s3LinkOrigin(env.S3_ENDPOINT!, env.S3_BUCKET!, on(env.S3_FORCE_PATH_STYLE)) : undefined,
  };
}
