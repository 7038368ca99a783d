/**
 * The progress websocket over a real HTTP server and real sockets (`ws` client): authorization (token like a
 * bearer token, the lesson open to the pupil), the live resume position, malformed messages, abuse limits.
 */
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq, isNotNull } from "drizzle-orm";
import { Hono } from "hono";
import { serve, type ServerType } from "@hono/node-server";
import { WebSocket, type WebSocketServer } from "ws";
import { PROGRESS_SOCKET_CLOSE } from "../../domain/schemas/progress";
import { chapters, contents, progress, subjects, users } from "../../server/db/schema";
import { createWebSocketServer } from "../../server/lib/ws";
import { PROGRESS_SOCKET_PATH, progressSocket, type ProgressSocketOptions } from "../../server/routes/progress/ws";
import { startTestServer, type TestServer } from "./harness";

let h: TestServer;
let eleve: string;
let eleveId: number;
let nouveau: string;
const servers: Array<{ server: ServerType; wss: WebSocketServer }> = [];
let base: string;

interface Lesson {
  contentId: number;
  chapterId: number;
  subjectId: number;
  duration: number;
}

async function lessons(division: number, where: { free?: boolean; typeId?: number } = {}): Promise<Lesson[]> {
  const rows = await h.deps.db
    .select({ contentId: contents.id, chapterId: chapters.id, subjectId: subjects.id, duration: contents.durationS, isFree: contents.isFree, typeId: contents.typeId })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(and(eq(subjects.divisionId, division), isNotNull(contents.durationS)));
  return rows
    .filter((r) => (where.free === undefined || r.isFree === where.free) && (where.typeId === undefined || r.typeId === where.typeId))
    .map((r) => ({ contentId: r.contentId, chapterId: r.chapterId, subjectId: r.subjectId, duration: r.duration ?? 0 }));
}

/** Serves `fetch` on a real port with the websocket server attached, as server/main.ts does. */
async function listen(fetch: Hono["fetch"]): Promise<string> {
  const wss = createWebSocketServer();
  const { server, port } = await new Promise<{ server: ServerType; port: number }>((resolve) => {
    const s = serve({ fetch, port: 0, hostname: "127.0.0.1", websocket: { server: wss } }, (info: AddressInfo) => resolve({ server: s, port: info.port }));
  });
  servers.push({ server, wss });
  return `ws://127.0.0.1:${port}`;
}

/** An app with only the socket, with short timers (idle, recheck) for the tests that need them. */
function socketOnly(options: Partial<ProgressSocketOptions>): Hono {
  const app = new Hono();
  app.get(PROGRESS_SOCKET_PATH, progressSocket(h.deps, options));
  return app;
}

interface Client {
  ws: WebSocket;
  opened: Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
}

function connect(query: Record<string, string | number>, at = base): Client {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const ws = new WebSocket(`${at}${PROGRESS_SOCKET_PATH}?${qs}`);
  const opened = new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once("close", (code, reason) => resolve({ code, reason: reason.toString() })));
  return { ws, opened, closed, send: (m) => ws.send(typeof m === "string" ? m : JSON.stringify(m)) };
}

const row = async (userId: number, contentId: number) =>
  (await h.deps.db.select().from(progress).where(and(eq(progress.userId, userId), eq(progress.contentId, contentId))))[0];

/** Waits until `check` holds (the server writes asynchronously after a message). */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > deadline) throw new Error(`condition not met; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 20));
    value = await read();
  }
  return value;
}

const within = <T>(p: Promise<T>, ms = 3000) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))]);

beforeAll(async () => {
  h = await startTestServer();
  eleve = await h.login("eleve@darsi.tn");
  nouveau = await h.login("nouveau@darsi.tn");
  const [u] = await h.deps.db.select({ id: users.id }).from(users).where(eq(users.email, "eleve@darsi.tn"));
  eleveId = u!.id;
  base = await listen(h.app.fetch);
});

afterAll(async () => {
  for (const { server, wss } of servers) {
    for (const client of wss.clients) client.terminate();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  await h?.close();
});

describe("GET /svc/progress/ws — who may open it", () => {
  it("is a websocket only: a plain GET is a 404", async () => {
    const res = await h.request("GET", PROGRESS_SOCKET_PATH, { query: { content_id: 1, token: eleve } });
    expect(res.status).toBe(404);
  });

  it("closes with 4401 for a missing, forged or logged-out token, and 4400 without a lesson id", async () => {
    const [lesson] = await lessons(18, { free: false });
    const forged = await within(connect({ content_id: lesson!.contentId, token: `${eleve.slice(0, -4)}AAAA` }).closed);
    expect(forged).toEqual({ code: PROGRESS_SOCKET_CLOSE.unauthorized, reason: "unauthorized" });
    const missing = await within(connect({ content_id: lesson!.contentId }).closed);
    expect(missing.code).toBe(PROGRESS_SOCKET_CLOSE.badRequest);
    const noLesson = await within(connect({ token: eleve }).closed);
    expect(noLesson).toEqual({ code: PROGRESS_SOCKET_CLOSE.badRequest, reason: "validation_failed" });
    const bad = await within(connect({ content_id: "1; drop table", token: eleve }).closed);
    expect(bad.code).toBe(PROGRESS_SOCKET_CLOSE.badRequest);

    // A token whose session ended (logout) is refused like on the API.
    const other = await h.login("eleve@darsi.tn");
    expect((await h.request("GET", "/api/auth/logout", { token: other })).status).toBe(200);
    const loggedOut = await within(connect({ content_id: lesson!.contentId, token: other }).closed);
    expect(loggedOut).toEqual({ code: PROGRESS_SOCKET_CLOSE.unauthorized, reason: "unauthorized" });
  });

  it("refuses a locked lesson (4403) and a lesson of another class (4404), and writes nothing", async () => {
    const [locked] = await lessons(7, { free: false });
    const [nouveauUser] = await h.deps.db.select({ id: users.id }).from(users).where(eq(users.email, "nouveau@darsi.tn"));
    const client = connect({ content_id: locked!.contentId, token: nouveau });
    client.ws.on("open", () => client.send({ progress: 30, state: "playing" }));
    expect(await within(client.closed)).toEqual({ code: PROGRESS_SOCKET_CLOSE.forbidden, reason: "content_locked" });
    expect(await row(nouveauUser!.id, locked!.contentId)).toBeUndefined();

    const [otherClass] = await lessons(7);
    const probe = connect({ content_id: otherClass!.contentId, token: eleve });
    probe.ws.on("open", () => probe.send({ progress: 30, state: "playing" }));
    expect(await within(probe.closed)).toEqual({ code: PROGRESS_SOCKET_CLOSE.notFound, reason: "not_found" });
    expect(await row(eleveId, otherClass!.contentId)).toBeUndefined();
    const unknown = await within(connect({ content_id: 99_999_999, token: eleve }).closed);
    expect(unknown.code).toBe(PROGRESS_SOCKET_CLOSE.notFound);
  });
});

describe("the live position", () => {
  it("moves last_watched_second on every message, never the ranges or the percentage", async () => {
    const list = await lessons(18, { free: false, typeId: 2 });
    const lesson = list[list.length - 1]!;
    expect(lesson.duration).toBeGreaterThan(27);
    // Something watched already (a progress post): the socket must leave it as it is.
    const posted = await h.request("POST", "/svc/progress/progress", {
      token: eleve,
      headers: { "x-api-key": "darsi-web-progress" },
      body: { contentId: lesson.contentId, chapterId: lesson.chapterId, subjectId: lesson.subjectId, ranges: [[0, 10]], position: 10 },
    });
    expect(posted.status).toBe(200);
    const before = (await row(eleveId, lesson.contentId))!;

    const client = connect({ content_id: lesson.contentId, token: eleve });
    await within(client.opened);
    client.send({ progress: 22.7, state: "playing" });
    let after = await until(() => row(eleveId, lesson.contentId), (r) => r?.lastWatchedSecond === 22);
    expect(after).toMatchObject({ ranges: before.ranges, percentage: before.percentage, completed: before.completed });

    client.send({ progress: 27, state: "paused" });
    await until(() => row(eleveId, lesson.contentId), (r) => r?.lastWatchedSecond === 27);
    client.send({ progress: lesson.duration + 500, state: "skipped_forward" });
    after = await until(() => row(eleveId, lesson.contentId), (r) => r?.lastWatchedSecond === lesson.duration);
    expect(after?.ranges).toEqual(before.ranges);
    expect(after?.percentage).toBe(before.percentage);

    client.send({ progress: 12, state: "paused" });
    await until(() => row(eleveId, lesson.contentId), (r) => r?.lastWatchedSecond === 12);
    client.ws.close(1000);
    expect((await within(client.closed)).code).toBe(1000);
  });

  it("creates the resume row for a lesson never posted yet, so a tab that dies before the first post resumes", async () => {
    const list = await lessons(18, { free: false, typeId: 2 });
    const touched = new Set((await h.deps.db.select({ id: progress.contentId }).from(progress).where(eq(progress.userId, eleveId))).map((r) => r.id));
    const lesson = list.find((l) => !touched.has(l.contentId))!;
    const client = connect({ content_id: lesson.contentId, token: eleve });
    await within(client.opened);
    client.send({ progress: 25, state: "playing" });
    const created = await until(() => row(eleveId, lesson.contentId), (r) => r?.lastWatchedSecond === 25);
    expect(created).toMatchObject({ ranges: [], percentage: 0, completed: false });
    client.ws.terminate(); // the tab dies
  });

  it("writes only the token's pupil: another pupil on the same lesson changes nothing of the first", async () => {
    const free = (await lessons(18, { free: true, typeId: 2 }))[0] ?? (await lessons(18, { free: true }))[0]!;
    const pupil = await h.registerVerified();
    const mine = connect({ content_id: free.contentId, token: eleve });
    await within(mine.opened);
    mine.send({ progress: 100, state: "paused" });
    await until(() => row(eleveId, free.contentId), (r) => r?.lastWatchedSecond === Math.min(100, free.duration));

    const theirs = connect({ content_id: free.contentId, token: pupil.token });
    await within(theirs.opened);
    theirs.send({ progress: 7, state: "paused" });
    await until(() => row(pupil.id, free.contentId), (r) => r?.lastWatchedSecond === 7);
    expect((await row(eleveId, free.contentId))?.lastWatchedSecond).toBe(Math.min(100, free.duration));
    mine.ws.close();
    theirs.ws.close();
  });
});

describe("bad clients", () => {
  it("ignores malformed messages (not JSON, wrong shape, binary) and keeps the socket open", async () => {
    const lesson = (await lessons(18, { free: false, typeId: 2 }))[0]!;
    const client = connect({ content_id: lesson.contentId, token: eleve });
    await within(client.opened);
    client.send({ progress: 9, state: "paused" });
    await until(() => row(eleveId, lesson.contentId), (r) => r?.lastWatchedSecond === 9);
    const warn = vi.spyOn(h.deps.log, "warn");
    client.send("not json {");
    client.send({ progress: "x", state: "playing" });
    client.send({ progress: -5, state: "playing" });
    client.send({ progress: 99999999, state: "playing" });
    client.send({ progress: 20, state: "rewinding" });
    client.send({ progress: 21 });
    client.send("null");
    client.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    client.send({ progress: 15, state: "playing" });
    await until(() => row(eleveId, lesson.contentId), (r) => r?.lastWatchedSecond === 15);
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    // Each bad message was logged and none was written (messages are handled in order).
    const ignored = warn.mock.calls.filter(([msg]) => /malformed message ignored|binary message ignored/.test(msg));
    warn.mockRestore();
    expect(ignored).toHaveLength(8);
    expect(ignored.every(([, fields]) => fields?.userId === eleveId && fields?.contentId === lesson.contentId)).toBe(true);
    client.ws.close();
  });

  it("closes an oversized message (1009) and a client that floods (4429)", async () => {
    const lesson = (await lessons(18, { free: false, typeId: 2 }))[0]!;
    const big = connect({ content_id: lesson.contentId, token: eleve });
    await within(big.opened);
    big.send("x".repeat(10_000));
    expect((await within(big.closed)).code).toBe(1009);

    const flood = connect({ content_id: lesson.contentId, token: eleve });
    await within(flood.opened);
    for (let i = 0; i < 200; i++) flood.send({ progress: i, state: "playing" });
    expect(await within(flood.closed)).toEqual({ code: PROGRESS_SOCKET_CLOSE.rateLimited, reason: "rate_limited" });
  });

  it("limits the sockets a pupil keeps open at once", async () => {
    const at = await listen(socketOnly({ maxSocketsPerUser: 2 }).fetch);
    const lesson = (await lessons(18, { free: false, typeId: 2 }))[0]!;
    const a = connect({ content_id: lesson.contentId, token: eleve }, at);
    const b = connect({ content_id: lesson.contentId, token: eleve }, at);
    await within(Promise.all([a.opened, b.opened]));
    const c = connect({ content_id: lesson.contentId, token: eleve }, at);
    expect(await within(c.closed)).toEqual({ code: PROGRESS_SOCKET_CLOSE.rateLimited, reason: "rate_limited" });
    a.ws.close();
    await within(a.closed);
    const d = connect({ content_id: lesson.contentId, token: eleve }, at);
    await within(d.opened);
    b.ws.close();
    d.ws.close();
  });

  it("closes an idle socket (4408)", async () => {
    const at = await listen(socketOnly({ idleMs: 300 }).fetch);
    const lesson = (await lessons(18, { free: false, typeId: 2 }))[0]!;
    const client = connect({ content_id: lesson.contentId, token: eleve }, at);
    await within(client.opened);
    const started = Date.now();
    expect(await within(client.closed)).toEqual({ code: PROGRESS_SOCKET_CLOSE.idle, reason: "idle" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it("stops writing once the session ends (logout while the socket is open)", async () => {
    const at = await listen(socketOnly({ recheckMs: 0 }).fetch);
    const lesson = (await lessons(18, { free: false, typeId: 2 }))[1]!;
    const token = await h.login("eleve@darsi.tn");
    const client = connect({ content_id: lesson.contentId, token }, at);
    await within(client.opened);
    client.send({ progress: 13, state: "paused" });
    await until(() => row(eleveId, lesson.contentId), (r) => r?.lastWatchedSecond === 13);
    expect((await h.request("GET", "/api/auth/logout", { token })).status).toBe(200);
    client.send({ progress: 14, state: "playing" });
    expect(await within(client.closed)).toEqual({ code: PROGRESS_SOCKET_CLOSE.unauthorized, reason: "unauthorized" });
    expect((await row(eleveId, lesson.contentId))?.lastWatchedSecond).toBe(13);
  });
});
