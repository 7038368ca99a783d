/**
 * Request bodies are limited per operation before they are read (issue 8 item 2), over a real HTTP server and raw
 * sockets: a declared Content-Length above the limit is answered 413 `payload_too_large` while the body has not even
 * been sent; a chunked body without Content-Length is counted as it arrives and answered 413 once it passes the limit,
 * without waiting for its end. Form bodies are refused (415) where no upload is declared. /svc services too.
 */
import type { AddressInfo } from "node:net";
import { connect, type Socket } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "../../server/routes";
import { DEFAULT_BODY_LIMIT } from "../../server/lib/route";
import { startTestServer, type TestServer } from "./harness";

let h: TestServer;
let server: ServerType;
let port: number;
let eleve: string;

beforeAll(async () => {
  h = await startTestServer();
  eleve = await h.login("eleve@darsi.tn");
  await new Promise<void>((resolve) => {
    server = serve({ fetch: h.app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
      port = info.port;
      resolve();
    });
  });
});
afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await h?.close();
});

interface RawAnswer {
  status: number;
  body: string;
}

/**
 * Sends `head` and then `feed(socket)`'s bytes, and resolves with the first answer the server gives (status line and
 * body), whatever is still unsent. Fails after 5 s without an answer.
 */
function raw(head: string, feed: (socket: Socket) => void): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within 5 s (received ${JSON.stringify(received.slice(0, 200))})`));
    }, 5_000);
    socket.on("error", () => undefined);
    socket.on("data", (chunk) => {
      received += chunk.toString("utf8");
      const end = received.indexOf("\r\n\r\n");
      if (end < 0) return;
      const headers = received.slice(0, end);
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(headers);
      const body = received.slice(end + 4);
      if (length && Buffer.byteLength(body) < Number(length[1])) return;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1]), body });
    });
    socket.on("connect", () => {
      socket.write(head);
      feed(socket);
    });
  });
}

describe("body limits", () => {
  it("a 20 MB body declared to login_check is refused 413 before it is sent", async () => {
    const declared = 20 * 1024 * 1024;
    const answer = await raw(
      `POST /api/auth/login_check HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`,
      // Only the first 64 KiB of the 20 MB ever leave the client: the answer cannot come from reading the body.
      (socket) => socket.write(`{"username":"${"a".repeat(64 * 1024)}`),
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ message: expect.any(String), code: "payload_too_large" });
  });

  it("a chunked body without Content-Length is counted as it arrives: 413 once past the limit, its end never awaited", async () => {
    const chunk = "x".repeat(8 * 1024);
    const answer = await raw(
      "POST /api/auth/login_check HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
      (socket) => {
        // 64 KiB in 8 KiB chunks and never the final zero-length chunk: a server waiting for the end never answers.
        for (let i = 0; i < 8; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      },
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).code).toBe("payload_too_large");
  });

  it("the services outside /api are limited too (progress post), and an authenticated caller gets the same 413", async () => {
    const body = JSON.stringify({ contentId: 1, chapterId: 1, subjectId: 1, ranges: Array.from({ length: 4000 }, () => [1, 2]), pad: "x".repeat(40_000) });
    const res = await h.request("POST", "/svc/progress/progress", {
      token: eleve,
      body,
      headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), "x-api-key": "darsi-web-progress" },
    });
    expect(res.status).toBe(413);
    expect(res.json.code).toBe("payload_too_large");
  });

  it("a body within the limit is read as before", async () => {
    const res = await raw(
      `POST /api/auth/login_check HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
      (socket) => {
        const json = JSON.stringify({ username: "eleve@darsi.tn", password: "Darsi#2026" });
        socket.write(`${Buffer.byteLength(json).toString(16)}\r\n${json}\r\n0\r\n\r\n`);
      },
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).payload.token).toEqual(expect.any(String));
  });

  it("form bodies are refused with 415 where no upload is declared, authenticated routes included", async () => {
    const res = await h.request("POST", "/api/student/video-reports", {
      token: eleve,
      body: "content=1&reportReason=1&description=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(415);
    expect(res.json.code).toBe("unsupported_media_type");
  });

  it("every operation with a body has a limit; an upload declares its own (at most 32 MiB)", () => {
    const routes = apiRoutes(h.deps.env);
    for (const r of routes) {
      if (r.upload) expect(r.upload.maxBytes, `${r.method} ${r.path}`).toBeLessThanOrEqual(32 * 1024 * 1024);
      if (r.bodyLimit !== undefined) expect(r.bodyLimit).toBeLessThanOrEqual(64 * 1024);
    }
    expect(DEFAULT_BODY_LIMIT).toBe(16 * 1024);
    expect(routes.find((r) => r.path === "/auth/login_check")?.bodyLimit).toBeLessThanOrEqual(DEFAULT_BODY_LIMIT);
  });
});
