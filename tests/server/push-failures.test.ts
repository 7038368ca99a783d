/**
 * Push failures (issue 19, item 8), on a real test server whose push adapter is the local sandbox: a device token
 * `fcm-sandbox-<mode>[x<n>]-…` makes the sandbox answer as FCM does (server/adapters/push/fcm-answers.ts), and the
 * server's own dispatcher (kicked by `notify`) handles it:
 *
 * - UNAVAILABLE (503) and a network error are retried at 30 s, 2 min, 8 min, 32 min, 2 h 8 min, and failed after the
 *   sixth try; a device that comes back gets its push once;
 * - QUOTA_EXCEEDED (429) waits at least FCM's Retry-After;
 * - UNREGISTERED (404) and an invalid token drop the token at once, with its pending pushes; nothing is queued for it
 *   again, while the pupil's other device still gets its pushes;
 * - the real FCM adapter reads the very same answers (and FCM's HTTP-date Retry-After) to the same outcomes.
 *
 * The clock is the database's (`next_attempt_at`): a retry's wait is read from the row, then the row is made due now,
 * as the messaging tests do.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFcmPush, type PushContent } from "../../server/adapters/push";
import { fcmOutcome, SANDBOX_MODES, SANDBOX_QUOTA_RETRY_AFTER_S, sandboxAnswer } from "../../server/adapters/push/fcm-answers";
import { selectRows } from "../../server/db/rows";
import { MAX_ATTEMPTS } from "../../server/lib/dispatcher";
import { kickPushes, pushSender } from "../../server/services/notifications/dispatch";
import { notify } from "../../server/services/notifications/notify";
import { startTestServer, type NewStudent, type TestServer } from "./harness";
import { serviceAccountJson } from "./production-env";

let h: TestServer;

beforeAll(async () => {
  h = await startTestServer({ env: { RATE_LIMIT_FACTOR: "100" } });
});
afterAll(() => h?.close());

interface Delivery {
  id: number;
  status: "pending" | "sent" | "failed";
  attempts: number;
  last_error: string | null;
  /** Seconds from now to the next try. */
  due_in: number;
}

const setToken = (pupil: NewStudent, device: string) =>
  h.request("POST", "/api/user/set-notification-token", { token: pupil.token, body: { token: device } });

/** A notification for the pupil (queued for each of its devices; the server's dispatcher is kicked). */
const notifyPupil = (pupil: NewStudent, title = "Réunion") =>
  h.deps.db.transaction((tx) =>
    notify(tx, { userId: pupil.id, category: "updateSession", type: "t", texts: { fr: { title, body: "Samedi" }, en: { title, body: "Saturday" }, ar: { title, body: "السبت" } } }),
  );

async function deliveryTo(device: string): Promise<Delivery | undefined> {
  const [row] = await selectRows<Delivery>(h.deps.db, sql`
    select d.id, d.status, d.attempts, d.last_error, extract(epoch from d.next_attempt_at - now())::float8 as due_in
      from push_deliveries d join push_tokens t on t.id = d.token_id
     where t.token = ${device} order by d.id desc limit 1`);
  return row && { ...row, id: Number(row.id), attempts: Number(row.attempts), due_in: Number(row.due_in) };
}

/** Waits until the device's newest delivery has had try `attempts` and its outcome is recorded. */
async function afterTry(device: string, attempts: number): Promise<Delivery> {
  const until = Date.now() + 20_000;
  for (;;) {
    const d = await deliveryTo(device);
    // Claimed but not yet settled: the lease (one minute) is in next_attempt_at and last_error is the previous one's.
    if (d && d.attempts === attempts && (d.status !== "pending" || (d.last_error !== null && d.due_in < 55) || d.due_in > 65)) return d;
    if (Date.now() > until) throw new Error(`push to ${device}: ${JSON.stringify(d)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Makes the device's pending delivery due now (its wait already read), wakes the dispatcher and waits for that try. */
async function nextTry(device: string, attempts: number): Promise<Delivery> {
  await h.deps.db.execute(sql`
    update push_deliveries d set next_attempt_at = now()
      from push_tokens t where t.id = d.token_id and t.token = ${device} and d.status = 'pending'`);
  kickPushes();
  return afterTry(device, attempts);
}

/** The pushes the sandbox accepted for a device (what FCM would have delivered). */
const pushesTo = async (device: string) => (await h.outbox()).filter((m) => (m as { channel: string }).channel === "push" && m.to === device);

const tokenCount = async (device: string) =>
  Number((await selectRows<{ n: number }>(h.deps.db, sql`select count(*)::int as n from push_tokens where token = ${device}`))[0]!.n);

describe("the push dispatcher against FCM's failures (local sandbox)", () => {
  it("UNAVAILABLE twice: retried at 30 s then 2 min, delivered once at the third try", async () => {
    const pupil = await h.registerVerified();
    const device = `fcm-sandbox-unavailablex2-${randomUUID()}`;
    expect((await setToken(pupil, device)).status).toBe(200);
    await notifyPupil(pupil);

    const first = await afterTry(device, 1);
    expect(first).toMatchObject({ status: "pending", last_error: "fcm 503 UNAVAILABLE" });
    expect(first.due_in).toBeGreaterThan(20);
    expect(first.due_in).toBeLessThanOrEqual(30);
    const second = await nextTry(device, 2);
    expect(second).toMatchObject({ status: "pending", last_error: "fcm 503 UNAVAILABLE" });
    expect(second.due_in).toBeGreaterThan(110);
    expect(second.due_in).toBeLessThanOrEqual(120);
    expect(await pushesTo(device)).toHaveLength(0);

    const third = await nextTry(device, 3);
    expect(third).toMatchObject({ status: "sent", last_error: null });
    expect(await pushesTo(device)).toHaveLength(1);
    // Sent: a later wake-up sends nothing more.
    kickPushes();
    await new Promise((r) => setTimeout(r, 400));
    expect(await pushesTo(device)).toHaveLength(1);
  });

  it(`a network error every time: the whole backoff schedule, then failed after ${MAX_ATTEMPTS} tries`, async () => {
    const pupil = await h.registerVerified();
    const device = `fcm-sandbox-network-${randomUUID()}`;
    await setToken(pupil, device);
    await notifyPupil(pupil);

    const waits: number[] = [];
    let d = await afterTry(device, 1);
    for (let attempt = 2; d.status === "pending"; attempt += 1) {
      expect(d.last_error).toBe("network ECONNREFUSED");
      waits.push(d.due_in);
      d = await nextTry(device, attempt);
    }
    expect(d).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, last_error: "network ECONNREFUSED" });
    const schedule = [30, 120, 480, 1920, 7680];
    expect(waits).toHaveLength(schedule.length);
    waits.forEach((w, i) => {
      expect(w, `wait after try ${i + 1}`).toBeGreaterThan(schedule[i]! - 10);
      expect(w, `wait after try ${i + 1}`).toBeLessThanOrEqual(schedule[i]!);
    });
    // Failed for good: not tried again, the token kept (the device may come back for the next notification).
    await h.deps.db.execute(sql`update push_deliveries set next_attempt_at = now() where id = ${d.id}`);
    kickPushes();
    await new Promise((r) => setTimeout(r, 400));
    expect((await deliveryTo(device))!.attempts).toBe(MAX_ATTEMPTS);
    expect(await tokenCount(device)).toBe(1);
  });

  it("QUOTA_EXCEEDED: waits FCM's Retry-After while it is longer than the backoff, then the backoff", async () => {
    const pupil = await h.registerVerified();
    const device = `fcm-sandbox-quotax3-${randomUUID()}`;
    await setToken(pupil, device);
    await notifyPupil(pupil);

    const waits: number[] = [];
    let d = await afterTry(device, 1);
    for (let attempt = 2; d.status === "pending"; attempt += 1) {
      expect(d.last_error).toBe("fcm 429 QUOTA_EXCEEDED");
      waits.push(d.due_in);
      d = await nextTry(device, attempt);
    }
    expect(d).toMatchObject({ status: "sent", attempts: 4 });
    // Retry-After 300 s beats 30 s and 2 min; the third wait (8 min) is longer than what FCM asked.
    const expected = [SANDBOX_QUOTA_RETRY_AFTER_S, SANDBOX_QUOTA_RETRY_AFTER_S, 480];
    expect(waits).toHaveLength(3);
    waits.forEach((w, i) => {
      expect(w).toBeGreaterThan(expected[i]! - 10);
      expect(w).toBeLessThanOrEqual(expected[i]!);
    });
    expect(await pushesTo(device)).toHaveLength(1);
  });

  it("UNREGISTERED and an invalid token: the token is dropped at once with its pushes; the pupil's other device still gets them", async () => {
    const pupil = await h.registerVerified();
    const healthy = `fcm-${randomUUID()}`;
    const dead = [`fcm-sandbox-unregistered-${randomUUID()}`, `fcm-sandbox-invalid-${randomUUID()}`];
    // Each device is a session of its own (a token belongs to one session).
    expect((await setToken(pupil, healthy)).status).toBe(200);
    for (const device of dead) {
      const session = await h.login(pupil.phone, pupil.password);
      expect((await h.request("POST", "/api/user/set-notification-token", { token: session, body: { token: device } })).status).toBe(200);
      expect(await tokenCount(device)).toBe(1);
    }
    await notifyPupil(pupil, "Première");
    const until = Date.now() + 20_000;
    while ((await tokenCount(dead[0]!)) + (await tokenCount(dead[1]!)) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    for (const device of dead) {
      expect(await tokenCount(device)).toBe(0);
      expect(await deliveryTo(device)).toBeUndefined();
      expect(await pushesTo(device)).toHaveLength(0);
    }
    expect((await afterTry(healthy, 1)).status).toBe("sent");

    // The next notification is queued for the live device only.
    await notifyPupil(pupil, "Deuxième");
    const queued = await selectRows<{ token: string }>(h.deps.db, sql`
      select t.token from push_deliveries d join push_tokens t on t.id = d.token_id join notifications n on n.id = d.notification_id
       where n.user_id = ${pupil.id} and n.title = 'Deuxième'`);
    expect(queued.map((q) => q.token)).toEqual([healthy]);
    expect((await afterTry(healthy, 1)).status).toBe("sent");
    expect(await pushesTo(healthy)).toHaveLength(2);
  });
});

describe("the real FCM adapter reads FCM's answers as the sandbox does", () => {
  const content: PushContent = { title: "T", body: "B", link: "https://app.darsi.example/", data: { type: "t" }, icon: "/i.png", badge: "/b.png" };
  const sa = JSON.parse(serviceAccountJson({ token_uri: "https://oauth2.example/token" })) as { project_id: string; client_email: string; private_key: string; token_uri: string };
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as TestServer["deps"]["log"];

  /** A fetch that plays Google: the token endpoint, then `answer` for the send. */
  function google(answer: () => Response) {
    const calls: Array<{ url: string; authorization: string | null }> = [];
    let tokens = 0;
    const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, authorization: new Headers(init?.headers).get("authorization") });
      if (url === sa.token_uri) return Response.json({ access_token: `ya29.${(tokens += 1)}`, expires_in: 3600 });
      return answer();
    }) as typeof fetch;
    return { fetchImpl, calls };
  }

  it("every failure the sandbox plays gives the same outcome through the real adapter", async () => {
    const sandbox = pushSender(h.deps);
    expect(sandbox.kind).toBe("outbox");
    for (const mode of SANDBOX_MODES) {
      const { fetchImpl, calls } = google(() => sandboxAnswer(mode));
      const real = createFcmPush(sa, sa.project_id, silent, fetchImpl);
      const viaReal = await real.send(`device-${mode}`, content);
      const viaSandbox = await sandbox.send(`fcm-sandbox-${mode}-${randomUUID()}`, content);
      expect(viaReal, mode).toEqual(viaSandbox);
      expect(calls.at(-1)!.url).toBe(`https://fcm.googleapis.com/v1/projects/${sa.project_id}/messages:send`);
      expect(calls.at(-1)!.authorization).toBe("Bearer ya29.1");
    }
  });

  it("maps FCM's answers: dead tokens dropped, a malformed message failed, the rest retried after Retry-After (seconds or a date)", async () => {
    const fcmError = (code: number, status: string, errorCode: string | undefined, message: string, headers: Record<string, string> = {}) =>
      new Response(JSON.stringify({ error: { code, message, status, details: errorCode ? [{ "@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", errorCode }] : [] } }), { status: code, headers });
    const now = Date.now();
    const cases: Array<[Response, unknown]> = [
      [new Response(JSON.stringify({ name: "projects/p/messages/1" }), { status: 200 }), { ok: true }],
      [fcmError(404, "NOT_FOUND", "UNREGISTERED", "Requested entity was not found."), { ok: false, permanent: true, dropToken: true, error: "fcm 404 UNREGISTERED" }],
      [fcmError(403, "PERMISSION_DENIED", "SENDER_ID_MISMATCH", "SenderId mismatch"), { ok: false, permanent: true, dropToken: true, error: "fcm 403 SENDER_ID_MISMATCH" }],
      [fcmError(400, "INVALID_ARGUMENT", undefined, "Invalid value at 'message.data[0].value' (TYPE_STRING), 12"), { ok: false, permanent: true, error: "fcm 400 INVALID_ARGUMENT" }],
      [fcmError(429, "RESOURCE_EXHAUSTED", "QUOTA_EXCEEDED", "Quota exceeded", { "retry-after": "120" }), { ok: false, permanent: false, retryAfterS: 120, error: "fcm 429 QUOTA_EXCEEDED" }],
      [fcmError(503, "UNAVAILABLE", "UNAVAILABLE", "Unavailable", { "retry-after": new Date(now + 90_000).toUTCString() }), { ok: false, permanent: false, retryAfterS: expect.any(Number), error: "fcm 503 UNAVAILABLE" }],
      [fcmError(500, "INTERNAL", "INTERNAL", "Internal error"), { ok: false, permanent: false, error: "fcm 500 INTERNAL" }],
      [new Response("<html>Bad gateway</html>", { status: 502 }), { ok: false, permanent: false, error: "fcm 502" }],
    ];
    for (const [res, expected] of cases) expect(await fcmOutcome(res, now)).toEqual(expected);
    const dated = await fcmOutcome(fcmError(503, "UNAVAILABLE", "UNAVAILABLE", "x", { "retry-after": new Date(now + 90_000).toUTCString() }), now);
    expect(!dated.ok && dated.retryAfterS).toBeGreaterThanOrEqual(89);
    expect(!dated.ok && dated.retryAfterS).toBeLessThanOrEqual(90);
  });

  it("an expired access token (401) is retried with a new one; no answer at all is a network error", async () => {
    let status = 401;
    const { fetchImpl, calls } = google(() => (status === 401 ? new Response(JSON.stringify({ error: { code: 401, status: "UNAUTHENTICATED", message: "Request had invalid authentication credentials." } }), { status }) : new Response("{}", { status })));
    const real = createFcmPush(sa, sa.project_id, silent, fetchImpl);
    expect(await real.send("d", content)).toEqual({ ok: false, permanent: false, error: "fcm 401 UNAUTHENTICATED" });
    status = 200;
    expect(await real.send("d", content)).toEqual({ ok: true });
    expect(calls.filter((c) => c.url === sa.token_uri)).toHaveLength(2);
    expect(calls.at(-1)!.authorization).toBe("Bearer ya29.2");

    const offline = createFcmPush(sa, sa.project_id, silent, (async () => {
      throw new TypeError("fetch failed", { cause: Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" }) });
    }) as typeof fetch);
    expect(await offline.send("d", content)).toEqual({ ok: false, permanent: false, error: "oauth2 ENOTFOUND" });
    const reset = google(() => {
      throw new TypeError("fetch failed", { cause: Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }) });
    });
    expect(await createFcmPush(sa, sa.project_id, silent, reset.fetchImpl).send("d", content)).toEqual({ ok: false, permanent: false, error: "network ECONNRESET" });
  });
});
