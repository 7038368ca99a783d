import * as v from "valibot";

const bool = v.pipe(
  v.optional(v.picklist(["true", "false", "1", "0"]), "true"),
  v.transform((s) => s === "true" || s === "1"),
);

const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(["development", "production", "test"]), "development"),
  PORT: v.pipe(v.optional(v.string(), "3000"), v.transform(Number), v.integer(), v.minValue(0), v.maxValue(65535)),
  HOST: v.optional(v.string(), "0.0.0.0"),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), "./.data"),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL"))),
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, "JWT_SECRET must have at least 32 characters"))),
  TOKEN_TTL_HOURS: v.pipe(v.optional(v.string(), "720"), v.transform(Number), v.integer(), v.minValue(1)),
  BOT_CHECK: v.optional(v.picklist(["altcha", "off"]), "altcha"),
  SEED_DEMO: bool,
  LOG_LEVEL: v.optional(v.picklist(["debug", "info", "warn", "error", "silent"]), "info"),
  STATIC_DIR: v.optional(v.string(), "./dist"),
  MEDIA_DIR: v.optional(v.string(), "./server/media"),
  PROGRESS_API_KEY: v.optional(v.pipe(v.string(), v.minLength(8)), "darsi-web-progress"),
  TEACHER_APP_URL: v.optional(v.pipe(v.string(), v.url()), "https://prof.darsi.tn/"),
  REGISTRATION_URL: v.optional(v.pipe(v.string(), v.url()), "https://www.darsi.tn/inscription"),
  FORUM_URL: v.optional(v.pipe(v.string(), v.url()), "https://forum.darsi.tn/"),
  TERMS_URL: v.optional(v.pipe(v.string(), v.url()), "https://www.darsi.tn/conditions-generales"),
  PUBLIC_URL: v.optional(v.pipe(v.string(), v.url())),
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
  // Live sessions' rooms (server/adapters/live): unset, the app's own room page; set, the provider's room base.
  LIVE_PROVIDER_URL: v.optional(v.pipe(v.string(), v.url("LIVE_PROVIDER_URL must be a URL"))),
  // Web push (server/adapters/push): FCM HTTP v1 with a service account (inline JSON or a file); without one, pushes go to the dev outbox.
  FCM_SERVICE_ACCOUNT_JSON: v.optional(v.pipe(v.string(), v.nonEmpty())),
  FCM_SERVICE_ACCOUNT_FILE: v.optional(v.pipe(v.string(), v.nonEmpty())),
  FCM_PROJECT_ID: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]{4,40}$/, "FCM_PROJECT_ID must be a Firebase project id"))),
});

/**
 * The client's service bases (build-time variables of the PWA, src/lib/env.ts). When one is an absolute URL on another
 * origin, that origin (and its websocket twin) is added to the CSP's connect-src; same-origin paths need nothing.
 */
const SERVICE_BASES = ["VITE_API_BASE", "VITE_PROGRESS_BASE", "VITE_ANALYTICS_BASE", "VITE_REVIEWS_BASE", "VITE_QUIZ_BASE", "VITE_NOTIFY_BASE"] as const;

function serviceOrigins(source: Record<string, string | undefined>): string[] {
  const origins = new Set<string>();
  for (const name of SERVICE_BASES) {
    const value = source[name];
    if (!value || !/^https?:\/\//i.test(value)) continue;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new Error(`Invalid environment:\n  ${name}: not a URL`);
    }
    origins.add(url.origin);
    origins.add(`${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`);
  }
  return [...origins];
}

export type Env = Omit<v.InferOutput<typeof EnvSchema>, "PAYMENT_GATEWAY" | "D17_GATEWAY"> & {
  PAYMENT_GATEWAY: "sandbox" | "clictopay" | "off";
  D17_GATEWAY: "sandbox" | "off";
  devOutbox: boolean;
  /** Other origins the PWA talks to (VITE_*_BASE given as absolute URLs), for the CSP's connect-src. */
  serviceOrigins: string[];
};

/** Reads and validates the environment; exits with a readable list of problems when it is wrong. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = v.safeParse(EnvSchema, source);
  if (!result.success) {
    const lines = result.issues.map((i) => `  ${i.path?.map((p) => String(p.key)).join(".") ?? "?"}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const env = result.output;
  // The dev outbox (`GET /api/dev/outbox`: every verification and reset code, readable by anyone) exists only when
  // turned on explicitly (`npm start` does it for the demo, the test servers for their checks), and never in production.
  if (env.DEV_OUTBOX === "true" && env.NODE_ENV === "production") {
    throw new Error("Invalid environment:\n  DEV_OUTBOX: the dev outbox is refused with NODE_ENV=production (it publishes every code)");
  }
  if (env.PAYMENT_GATEWAY === "clictopay" && (!env.CLICTOPAY_USER || !env.CLICTOPAY_PASSWORD)) {
    throw new Error("Invalid environment:\n  CLICTOPAY_USER, CLICTOPAY_PASSWORD: required with PAYMENT_GATEWAY=clictopay");
  }
  // A sandbox gateway pays whatever its page is told to: in production it would hand out free points.
  const production = env.NODE_ENV === "production";
  const paymentGateway = env.PAYMENT_GATEWAY ?? (production ? "off" : "sandbox");
  if (production && paymentGateway === "sandbox") {
    throw new Error("Invalid environment:\n  PAYMENT_GATEWAY: the payment sandbox is refused with NODE_ENV=production (clictopay or off)");
  }
  const d17Gateway = env.D17_GATEWAY ?? (production ? "off" : "sandbox");
  if (production && d17Gateway === "sandbox") {
    throw new Error("Invalid environment:\n  D17_GATEWAY: the D17 sandbox is refused with NODE_ENV=production (set it to off)");
  }
  if (production && env.LIVE_PROVIDER_URL && !env.LIVE_PROVIDER_URL.startsWith("https://")) {
    throw new Error("Invalid environment:\n  LIVE_PROVIDER_URL: must be https in production");
  }
  return {
    ...env,
    PAYMENT_GATEWAY: paymentGateway,
    D17_GATEWAY: d17Gateway,
    devOutbox: env.DEV_OUTBOX === "true",
    serviceOrigins: serviceOrigins(source),
  };
}
