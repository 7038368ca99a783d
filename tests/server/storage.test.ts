/**
 * The file store (issue 24 item 2, server/lib/storage.ts): the same contract for the local directory and the S3
 * implementation — the latter against a local S3-compatible server with real SigV4 checks (tests/server/s3-local.ts),
 * including how it fails: wrong credentials refused, a missing object is null (404), a transient 500 retried, a signed
 * link that works, expires, and cannot be altered. The settings: STORAGE=s3 with a setting missing stops at boot.
 * On PostgreSQL (skipped only when nothing listens on 127.0.0.1:5432): two server processes on two ports over one
 * database and one local S3 server, a homework upload whose chunks alternate between the two, read from the other.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLocalStore, verifyLocalLink } from "../../server/adapters/storage/local";
import { createS3Store } from "../../server/adapters/storage/s3";
import { loadEnv } from "../../server/env";
import { assertKey, readAll, type FileStore } from "../../server/lib/storage";
import { collectChunk } from "../../server/services/exams/storage";
import { createThrowawayDatabase, DEMO_PASSWORD } from "./harness";
import { freePort } from "./ports";
import { startLocalS3, type LocalS3 } from "./s3-local";

const bytes = (s: string) => new TextEncoder().encode(s);
const text = async (store: FileStore, key: string) => {
  const b = await readAll(store, key);
  return b ? new TextDecoder().decode(b) : null;
};

let s3: LocalS3;
let localRoot: string;
beforeAll(async () => {
  s3 = await startLocalS3();
  localRoot = mkdtempSync(join(tmpdir(), "darsi-storage-test-"));
});
afterAll(async () => {
  await s3?.close();
  rmSync(localRoot, { recursive: true, force: true });
});

const s3Store = (over: Partial<Parameters<typeof createS3Store>[0]> = {}) =>
  createS3Store({ endpoint: s3.endpoint, bucket: s3.bucket, region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, forcePathStyle: true, ...over });

const stores: Array<[string, () => FileStore]> = [
  ["local directory", () => createLocalStore(localRoot, "local-link-secret-0123456789abcdef")],
  ["S3", () => s3Store()],
];

describe.each(stores)("the file store: %s", (name, make) => {
  it("puts, reads, heads, lists by prefix and deletes", async () => {
    const store = make();
    const base = `tests/${name.replace(/\W+/g, "-")}`;
    await store.put(`${base}/a/one.pdf`, bytes("first"), "application/pdf");
    await store.put(`${base}/a/two.pdf`, bytes("second!"));
    await store.put(`${base}/b/three`, bytes("x"));
    expect(await text(store, `${base}/a/one.pdf`)).toBe("first");
    expect(await store.head(`${base}/a/two.pdf`)).toEqual({ size: 7 });
    expect(await store.list(`${base}/a/`)).toEqual([
      { key: `${base}/a/one.pdf`, size: 5 },
      { key: `${base}/a/two.pdf`, size: 7 },
    ]);
    expect((await store.list(`${base}/`)).map((o) => o.key)).toEqual([`${base}/a/one.pdf`, `${base}/a/two.pdf`, `${base}/b/three`]);
    // Written again: replaced whole.
    await store.put(`${base}/a/one.pdf`, bytes("replaced"));
    expect(await text(store, `${base}/a/one.pdf`)).toBe("replaced");
    await store.delete(`${base}/a/one.pdf`);
    await store.delete(`${base}/a/one.pdf`); // nothing there: nothing happens
    expect(await store.head(`${base}/a/one.pdf`)).toBeNull();
    expect((await store.list(`${base}/a/`)).map((o) => o.key)).toEqual([`${base}/a/two.pdf`]);
  });

  it("a missing object is null (not an error), and a prefix with nothing under it lists nothing", async () => {
    const store = make();
    expect(await store.get("tests/nothing/here")).toBeNull();
    expect(await store.head("tests/nothing/here")).toBeNull();
    expect(await store.list("tests/nothing/")).toEqual([]);
  });

  it("refuses a key the server did not make", async () => {
    const store = make();
    for (const bad of ["../etc/passwd", "/abs", "a/../b", "a//b", ".hidden", "a/.tmp/x", "a b", ""]) {
      await expect(store.put(bad, bytes("x")), bad).rejects.toThrow(/storage key refused/);
      await expect(store.get(bad), bad).rejects.toThrow(/storage key refused/);
    }
  });
});

describe("S3: how it fails", () => {
  it("wrong credentials are refused (unknown key id, wrong secret), not retried", async () => {
    const before = s3.requests.length;
    await expect(s3Store({ accessKeyId: "SOMEONEELSE" }).put("tests/refused", bytes("x"))).rejects.toMatchObject({ name: "InvalidAccessKeyId" });
    await expect(s3Store({ secretAccessKey: "not-the-secret" }).get("tests/refused")).rejects.toMatchObject({ name: "SignatureDoesNotMatch" });
    expect(s3.requests.slice(before).map((r) => r.status)).toEqual([403, 403]);
    expect(s3.objectKeys()).not.toContain("tests/refused");
  });

  it("an unknown bucket is an error, never an empty answer", async () => {
    await expect(s3Store({ bucket: "no-such-bucket" }).put("tests/x", bytes("x"))).rejects.toMatchObject({ name: "NoSuchBucket" });
  });

  it("a transient 500 is retried and the write lands once; failures beyond the attempts surface", async () => {
    const store = s3Store();
    const before = s3.requests.length;
    s3.failNext(2);
    await store.put("tests/retried", bytes("after two failures"));
    expect(s3.requests.slice(before).map((r) => r.status)).toEqual([500, 500, 200]);
    expect(await text(store, "tests/retried")).toBe("after two failures");
    s3.failNext(3);
    await expect(store.head("tests/retried")).rejects.toMatchObject({ $metadata: { httpStatusCode: 500 } });
    expect(await store.head("tests/retried")).toEqual({ size: 18 });
  });

  it("a signed link reads the object without credentials for its lifetime, with the type asked; altered, it is refused", async () => {
    const store = s3Store();
    await store.put("tests/signed.pdf", bytes("%PDF-1.4 signed"), "application/pdf");
    const url = await store.signedUrl("tests/signed.pdf", { expiresInSeconds: 60, contentType: "application/pdf", disposition: 'inline; filename="devoir.pdf"' });
    expect(url).toMatch(/X-Amz-Signature=[0-9a-f]{64}/);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe('inline; filename="devoir.pdf"');
    expect(await res.text()).toBe("%PDF-1.4 signed");
    const altered = url.replace("tests/signed.pdf", "tests/retried");
    expect((await fetch(altered)).status).toBe(403);
    const expired = await store.signedUrl("tests/signed.pdf", { expiresInSeconds: 1 });
    await new Promise((r) => setTimeout(r, 2100));
    expect((await fetch(expired)).status).toBe(403);
  });
});

describe("the local store's signed links", () => {
  it("carry an expiry and an HMAC of the key: good until they expire, refused for another key or altered", async () => {
    const t0 = new Date("2026-05-01T10:00:00Z");
    const store = createLocalStore(localRoot, "local-link-secret-0123456789abcdef", () => t0);
    const link = new URL(await store.signedUrl("exams/1/2/abc", { expiresInSeconds: 300, contentType: "application/pdf" }), "http://x");
    expect(link.pathname).toBe("/api/files/exams/1/2/abc");
    const query = Object.fromEntries(link.searchParams);
    expect(verifyLocalLink("local-link-secret-0123456789abcdef", "exams/1/2/abc", query, t0)).toBe(true);
    expect(verifyLocalLink("local-link-secret-0123456789abcdef", "exams/1/2/abd", query, t0)).toBe(false);
    expect(verifyLocalLink("local-link-secret-0123456789abcdef", "exams/1/2/abc", { ...query, ct: "text/html" }, t0)).toBe(false);
    expect(verifyLocalLink("another-secret-0123456789abcdef0123", "exams/1/2/abc", query, t0)).toBe(false);
    expect(verifyLocalLink("local-link-secret-0123456789abcdef", "exams/1/2/abc", query, new Date(t0.getTime() + 301_000))).toBe(false);
  });
});

describe("a homework chunk read for the store", () => {
  const streamOf = (...pieces: Uint8Array[]) =>
    new ReadableStream<Uint8Array>({
      start(c) {
        for (const p of pieces) c.enqueue(p);
        c.close();
      },
    });

  it("keeps at most max bytes, and what arrived before the connection dropped", async () => {
    expect((await collectChunk(streamOf(bytes("0123456789"), bytes("abcdef")), 12)).bytes).toEqual(bytes("0123456789ab"));
    let sent = false;
    const cut = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent) return c.error(new Error("connection reset"));
        sent = true;
        c.enqueue(bytes("partial"));
      },
    });
    const r = await collectChunk(cut, 100);
    expect(r.bytes).toEqual(bytes("partial"));
    expect((r.error as Error).message).toBe("connection reset");
  });

  it("shows the first bytes to the content check before keeping anything", async () => {
    const seen: string[] = [];
    const check = (head: Uint8Array) => {
      seen.push(new TextDecoder().decode(head));
      if (!seen.at(-1)!.startsWith("%PDF")) throw new Error("file_type_invalid");
    };
    await expect(collectChunk(streamOf(bytes("<html>"), bytes("<script>alert(1)</script>")), 1000, check)).rejects.toThrow("file_type_invalid");
    expect(seen).toEqual(["<html><script>al"]);
    expect((await collectChunk(streamOf(bytes("%PDF")), 1000, check)).bytes).toEqual(bytes("%PDF"));
  });
});

describe("STORAGE at boot", () => {
  const s3Env = { STORAGE: "s3", S3_ENDPOINT: "https://s3.eu-west-3.amazonaws.com", S3_BUCKET: "darsi-files", S3_REGION: "eu-west-3", S3_ACCESS_KEY_ID: "AKIAEXAMPLE", S3_SECRET_ACCESS_KEY: "secret" };

  it("is local by default; s3 with every setting is taken", () => {
    expect(loadEnv({}).STORAGE).toBe("local");
    expect(loadEnv(s3Env)).toMatchObject({ STORAGE: "s3", S3_BUCKET: "darsi-files" });
    expect(() => loadEnv({ STORAGE: "disk" })).toThrow(/STORAGE must be local or s3/);
  });

  it("STORAGE=s3 with a setting missing stops, naming every missing one", () => {
    for (const name of ["S3_ENDPOINT", "S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]) {
      expect(() => loadEnv({ ...s3Env, [name]: undefined }), name).toThrow(new RegExp(`${name}: required with STORAGE=s3`));
    }
    expect(() => loadEnv({ STORAGE: "s3" })).toThrow(/S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required with STORAGE=s3/);
    expect(() => loadEnv({ ...s3Env, S3_ENDPOINT: "s3.example.com/path" })).toThrow(/S3_ENDPOINT must be an http\(s\) origin/);
  });

  it("assertKey takes the keys the services make", () => {
    for (const key of ["exams/3/41/0b5e1f0e-6c1d-4c5e-9a57-1f1b8f1e2d3c", "exams/3/41/0b5e.parts/000000100000", "avatars/0b5e1f0e.png", "exams/3/documents/7.pdf"]) expect(assertKey(key)).toBe(key);
  });
});

// ---------------------------------------------------------------------------------------------------------------

const postgresRunning = await new Promise<boolean>((resolve) => {
  const socket = connect({ host: "127.0.0.1", port: 5432 });
  socket.setTimeout(1000);
  socket.on("connect", () => (socket.destroy(), resolve(true)));
  socket.on("timeout", () => (socket.destroy(), resolve(false)));
  socket.on("error", () => resolve(false));
});

interface Server {
  child: ChildProcess;
  exited: Promise<number>;
  output(): string;
}
const started: Server[] = [];
afterEach(async () => {
  for (const s of started.splice(0)) {
    if (s.child.exitCode === null && s.child.signalCode === null) {
      s.child.kill("SIGTERM");
      await s.exited;
    }
  }
});

function startServer(env: Record<string, string>): Server {
  const full: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    JWT_SECRET: "storage-test-secret-0123456789abcdef0123456789",
    BOT_CHECK: "off",
    SEED_DEMO: "true",
    LOG_LEVEL: "warn",
    PG_POOL_MAX: "4",
    RATE_LIMIT_FACTOR: "100",
    ...env,
  };
  delete full.TEST_DATABASE;
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { env: full, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number>((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1))));
  const server = { child, exited, output: () => out };
  started.push(server);
  return server;
}

async function untilHealthy(port: number, server: Server, within = 180_000): Promise<void> {
  const t0 = Date.now();
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`the server exited with ${server.child.exitCode}:\n${server.output().slice(-3000)}`);
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false);
    if (ok) return;
    if (Date.now() - t0 > within) throw new Error(`not healthy within ${within} ms:\n${server.output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe.runIf(postgresRunning)("two server processes over one PostgreSQL and one S3 store", () => {
  it("a homework upload whose chunks alternate between the two completes, and the other reads it back", async () => {
    const db = await createThrowawayDatabase();
    try {
      const bucketKeysBefore = s3.objectKeys().length;
      const ports = [await freePort(), await freePort()] as const;
      const s3Settings = { STORAGE: "s3", S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket, S3_REGION: s3.region, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey, S3_FORCE_PATH_STYLE: "true" };
      // Each process has a data directory of its own: nothing of the upload can pass through a shared disk.
      const servers = ports.map((port) => startServer({ PORT: String(port), DATABASE_URL: db.url, DATA_DIR: `/tmp/darsi-storage-${port}`, ...s3Settings }));
      await untilHealthy(ports[0], servers[0]!);
      await untilHealthy(ports[1], servers[1]!);
      const api = async (i: 0 | 1, method: string, path: string, init: { token?: string; json?: unknown; body?: Uint8Array } = {}) => {
        const res = await fetch(`http://127.0.0.1:${ports[i]}/api${path}`, {
          method,
          headers: {
            ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
            ...(init.json !== undefined ? { "content-type": "application/json" } : init.body ? { "content-type": "application/octet-stream" } : {}),
          },
          body: init.json !== undefined ? JSON.stringify(init.json) : init.body && new Uint8Array(init.body),
        });
        const raw = new Uint8Array(await res.arrayBuffer());
        let json: { payload?: Record<string, unknown> & { id?: string | number }; code?: string } | undefined;
        try {
          json = JSON.parse(new TextDecoder().decode(raw));
        } catch {
          json = undefined;
        }
        return { status: res.status, json, raw };
      };

      const login = await api(0, "POST", "/auth/login_check", { json: { username: "eleve@darsi.tn", password: DEMO_PASSWORD } });
      expect(login.status).toBe(200);
      const token = login.json!.payload!.token as string;
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      let examId: number;
      try {
        const r = await client.query<{ id: number }>(
          "select e.id from exams e join subjects s on s.id = e.subject_id where s.division_id = 18 and e.name like 'Devoir de maison%' order by s.position, e.id limit 1",
        );
        examId = Number(r.rows[0]!.id);
      } finally {
        await client.end();
      }
      expect((await api(1, "POST", "/student/content-exam-student-time-limitation", { token, json: { contentExam: examId } })).status).toBe(201);

      const total = 500_000;
      const file = new Uint8Array(total);
      for (let i = 0; i < total; i++) file[i] = (i * 31 + 7) % 251;
      file.set(bytes("%PDF-1.4\n"));
      const created = await api(0, "POST", `/student/content-exam/${examId}/uploads`, { token, json: { name: "devoir.pdf", size: total } });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      const uploadId = created.json!.payload!.id as string;
      const chunk = 100_000;
      let last: Awaited<ReturnType<typeof api>> | undefined;
      for (let offset = 0, n = 0; offset < total; offset += chunk, n++) {
        const via = (n % 2 === 0 ? 1 : 0) as 0 | 1; // B, A, B, A, B
        // The other process knows the offset the first one stored.
        const status = await api((1 - via) as 0 | 1, "GET", `/student/content-exam/${examId}/uploads/${uploadId}`, { token });
        expect(status.json!.payload!.offset).toBe(offset);
        last = await api(via, "PUT", `/student/content-exam/${examId}/uploads/${uploadId}?offset=${offset}`, { token, body: file.subarray(offset, offset + chunk) });
        expect(last.status, JSON.stringify(last.json)).toBe(200);
      }
      // A chunk sent again for an offset already taken (on the other process) is refused: the offset is the database's.
      const stale = await api(0, "PUT", `/student/content-exam/${examId}/uploads/${uploadId}?offset=${total - chunk}`, { token, body: file.subarray(total - chunk) });
      expect(stale.status).toBe(200); // the upload is complete: its status, nothing rewritten
      expect(stale.json!.payload!.complete).toBe(true);
      const done = last!.json!.payload as { complete: boolean; file: { id: number; size: number } };
      expect(done.complete).toBe(true);
      expect(done.file.size).toBe(total);

      // Finished by B (the last chunk): read from A, byte for byte; the parts are gone, the one file stays in the bucket.
      const read = await api(0, "GET", `/student/content-exam/${examId}/files/${done.file.id}`, { token });
      expect(read.status).toBe(200);
      expect(read.raw.byteLength).toBe(total);
      expect(Buffer.from(read.raw).equals(Buffer.from(file))).toBe(true);
      const again = await api(1, "GET", `/student/content-exam/${examId}/files/${done.file.id}`, { token });
      expect(Buffer.from(again.raw).equals(Buffer.from(file))).toBe(true);
      const added = s3.objectKeys().filter((k) => k.startsWith(`exams/${examId}/`));
      expect(added.filter((k) => k.includes(".parts/"))).toEqual([]);
      expect(added.length).toBeGreaterThanOrEqual(1);
      expect(s3.objectKeys().length).toBeGreaterThan(bucketKeysBefore);

      // Deleted through A: gone from the store, and B no longer finds it.
      expect((await api(0, "DELETE", `/student/content-exam/${examId}/${done.file.id}`, { token })).status).toBe(200);
      expect((await api(1, "GET", `/student/content-exam/${examId}/files/${done.file.id}`, { token })).status).toBe(404);
      expect(s3.objectKeys().filter((k) => k.startsWith(`exams/${examId}/`) && !k.includes("/documents/"))).toEqual([]);
    } finally {
      for (const s of started) s.child.kill("SIGTERM");
      await Promise.all(started.map((s) => s.exited));
      await db.drop();
    }
  }, 300_000);
});
