/**
 * In-process test server: the real app (Hono + Drizzle) on an in-memory PGlite, or on a throwaway
 * PostgreSQL database when TEST_DATABASE=postgres. Requests go through `app.request` (real HTTP
 * semantics, no socket). The clock is injectable so that tests can move time forward.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { Hono } from "hono";
import { createApp } from "../../server/app";
import { createDeps } from "../../server/boot";
import { DEMO_PASSWORD } from "../../server/db/seed/demo";
import { loadEnv } from "../../server/env";
import type { Deps } from "../../server/lib/deps";

export { DEMO_PASSWORD };

/** A mutable clock: pass `clock.now` to `startTestServer`, then `clock.advance(11 * 60_000)`. */
export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
  set(date: Date): void;
}

export function createClock(start: Date = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => void (current += ms),
    set: (date) => void (current = date.getTime()),
  };
}

export interface StartOptions {
  now?: () => Date;
  /** "off" by default; a test of the bot check passes "altcha". */
  botCheck?: "off" | "altcha";
  /** Extra environment variables (e.g. NODE_ENV, JWT_SECRET). */
  env?: Record<string, string>;
}

interface RequestOptions {
  body?: unknown;
  token?: string;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  /** The client's address as the server sees it (rate limits count per address); 127.0.0.1 by default. */
  ip?: string;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test answers are inspected freely
  json: any;
  text: string;
}

interface OutboxMessage {
  to: string;
  channel: "sms" | "email";
  kind: string;
  code?: string;
  body: string;
  created_at: string;
}

export interface NewStudent {
  token: string;
  phone: string;
  email: string;
  password: string;
  id: number;
  /** The verification code sent at registration. */
  code: string;
}

export interface TestServer {
  app: Hono;
  deps: Deps;
  request(method: string, path: string, opts?: RequestOptions): Promise<TestResponse>;
  /** Signs in (from a fresh client address) and returns the bearer token; throws unless 200. */
  login(username: string, password?: string): Promise<string>;
  /** `GET /api/dev/outbox`, newest first. */
  outbox(): Promise<OutboxMessage[]>;
  /** The newest code sent to `to` (optionally of one kind). */
  lastCode(to: string, kind?: string): Promise<string>;
  /** Registers a fresh Tunisian pupil (unique phone and e-mail, fresh client address). */
  register(overrides?: Record<string, unknown>): Promise<NewStudent>;
  /** Registers a fresh pupil and confirms the account with its code (an unverified account is stopped by the gates). */
  registerVerified(overrides?: Record<string, unknown>): Promise<NewStudent>;
  /** A client address never used before in this server. */
  freshIp(): string;
  close(): Promise<void>;
}

const ADMIN_URLS = ["postgres://postgres@127.0.0.1:5432/postgres", "postgres://root@127.0.0.1:5432/postgres"];

async function adminClient(): Promise<{ client: pg.Client; url: URL }> {
  const candidates = process.env.TEST_DATABASE_ADMIN_URL ? [process.env.TEST_DATABASE_ADMIN_URL] : ADMIN_URLS;
  let lastError: unknown;
  for (const candidate of candidates) {
    const client = new pg.Client({ connectionString: candidate });
    try {
      await client.connect();
      return { client, url: new URL(candidate) };
    } catch (err) {
      lastError = err;
      await client.end().catch(() => undefined);
    }
  }
  throw new Error(`cannot reach PostgreSQL as postgres or root: ${String(lastError)}`);
}

/** Creates `darsi_test_<random>` and returns its URL and a function that drops it. */
export async function createThrowawayDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `darsi_test_${randomBytes(6).toString("hex")}`;
  const { client, url } = await adminClient();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    drop: async () => {
      const admin = await adminClient();
      try {
        await admin.client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.client.end();
      }
    },
  };
}

let ipCounter = 0;
let userCounter = 0;
const runTag = randomBytes(3).toString("hex");

export async function startTestServer(opts: StartOptions = {}): Promise<TestServer> {
  const throwaway = process.env.TEST_DATABASE === "postgres" ? await createThrowawayDatabase() : null;
  let deps: Deps;
  try {
    const env = loadEnv({
      NODE_ENV: "test",
      DATA_DIR: "memory://",
      BOT_CHECK: opts.botCheck ?? "off",
      LOG_LEVEL: "silent",
      // The demo accounts and the dev outbox (the tests read codes from it): never with NODE_ENV=production.
      ...(opts.env?.NODE_ENV === "production" ? {} : { SEED_DEMO: "true", DEV_OUTBOX: "true" }),
      ...(throwaway ? { DATABASE_URL: throwaway.url } : {}),
      ...opts.env,
    });
    deps = await createDeps(env, opts.now ? { now: opts.now } : {});
  } catch (err) {
    await throwaway?.drop();
    throw err;
  }
  const app = createApp(deps);

  const freshIp = () => {
    ipCounter += 1;
    return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
  };

  async function request(method: string, path: string, o: RequestOptions = {}): Promise<TestResponse> {
    const url = new URL(path, "http://localhost");
    for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = {};
    let body: string | undefined;
    if (o.body !== undefined) {
      if (typeof o.body === "string") {
        body = o.body;
      } else {
        body = JSON.stringify(o.body);
        headers["content-type"] = "application/json";
      }
    }
    if (o.token !== undefined) headers.authorization = `Bearer ${o.token}`;
    Object.assign(headers, o.headers);
    const bindings = { incoming: { socket: { remoteAddress: o.ip ?? "127.0.0.1", remotePort: 40000, remoteFamily: "IPv4" } } };
    const res = await app.request(url.pathname + url.search, { method, headers, body }, bindings);
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, json, text };
  }

  async function login(username: string, password: string = DEMO_PASSWORD): Promise<string> {
    const res = await request("POST", "/api/auth/login_check", { body: { username, password }, ip: freshIp() });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${res.text}`);
    return res.json.payload.token as string;
  }

  async function outbox(): Promise<OutboxMessage[]> {
    const res = await request("GET", "/api/dev/outbox");
    if (res.status !== 200) throw new Error(`outbox: ${res.status} ${res.text}`);
    return res.json.payload as OutboxMessage[];
  }

  async function lastCode(to: string, kind?: string): Promise<string> {
    const message = (await outbox()).find((m) => m.to === to && (!kind || m.kind === kind));
    if (!message?.code) throw new Error(`no ${kind ?? ""} code sent to ${to}`);
    return message.code;
  }

  async function register(overrides: Record<string, unknown> = {}): Promise<NewStudent> {
    userCounter += 1;
    const n = userCounter;
    // 8 digits starting with 5: unique per test process (demo phones start with 22).
    const phone = `5${String((parseInt(runTag, 16) * 1000 + n) % 10_000_000).padStart(7, "0")}`;
    const email = `eleve${n}.${runTag}@test.darsi.tn`;
    const password = "Secret#2026";
    const body = {
      name: "Amine",
      lastName: "Ben Ali",
      phone,
      email,
      birthDate: "14/03/2008",
      plainPassword: { first: password, second: password },
      country: 1,
      state: 23,
      division: 18,
      optionalSubject: "",
      ...overrides,
    };
    const res = await request("POST", "/api/auth/register", { body, ip: freshIp() });
    if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
    const token = res.json.payload.token as string;
    const me = await request("GET", "/api/auth/me", { token });
    const to = (body.phone as string) ? (me.json.payload.phone as string) : (me.json.payload.email as string);
    return { token, phone: body.phone as string, email: body.email as string, password, id: me.json.payload.id as number, code: await lastCode(to, "verification") };
  }

  async function registerVerified(overrides: Record<string, unknown> = {}): Promise<NewStudent> {
    const s = await register(overrides);
    const res = await request("POST", "/api/auth/confirm-registration", { token: s.token, query: { token: s.code }, ip: freshIp() });
    if (res.status !== 200) throw new Error(`confirm-registration failed: ${res.status} ${res.text}`);
    return s;
  }

  return {
    app,
    deps,
    request,
    login,
    outbox,
    lastCode,
    register,
    registerVerified,
    freshIp,
    async close() {
      try {
        await deps.database.close();
      } finally {
        await throwaway?.drop();
      }
    },
  };
}
