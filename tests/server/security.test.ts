import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestResponse, type TestServer } from "./harness";
import { loadEnv } from "../../server/env";
import { productionEnv } from "./production-env";

let h: TestServer;
beforeAll(async () => {
  h = await startTestServer();
});
afterAll(async () => {
  await h?.close();
});

function directives(csp: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of csp.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), values);
  }
  return out;
}

function expectSecurityHeaders(res: TestResponse) {
  const csp = res.headers.get("content-security-policy");
  expect(csp).toBeTruthy();
  const d = directives(csp!);
  expect(d.get("default-src")).toEqual(["'self'"]);
  expect(d.get("script-src")).toEqual(["'self'"]);
  expect(d.get("script-src")).not.toContain("'unsafe-inline'");
  expect(d.get("script-src")).not.toContain("'unsafe-eval'");
  expect(d.get("frame-ancestors")).toEqual(["'none'"]);
  expect(d.get("object-src")).toEqual(["'none'"]);
  // Narrowed to what the app uses (issue 8): its own origin (websocket included), its own images.
  expect(d.get("connect-src")).toEqual(["'self'"]);
  // Plus YouTube's thumbnail host: the lesson player learns from one thumbnail whether YouTube can be reached.
  expect(d.get("img-src")).toEqual(["'self'", "data:", "blob:", "https://i.ytimg.com"]);
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("x-frame-options")).toBe("DENY");
  expect(res.headers.get("x-powered-by")).toBeNull();
}

describe("security headers", () => {
  it.each([
    ["GET", "/api/countries"],
    ["GET", "/health"],
    ["GET", "/api/nope"],
    ["GET", "/api/auth/me"],
    ["GET", "/api/docs"],
  ])("are set on %s %s", async (method, path) => {
    expectSecurityHeaders(await h.request(method, path));
  });

  it("let the client reach the service origins it was configured with, and no other", async () => {
    const other = await startTestServer({
      env: { VITE_PROGRESS_BASE: "https://progress.darsi.example/svc/progress", VITE_QUIZ_BASE: "http://quiz.darsi.example:8080/q", VITE_API_BASE: "/api" },
    });
    try {
      const d = directives((await other.request("GET", "/health")).headers.get("content-security-policy")!);
      expect(d.get("connect-src")).toEqual([
        "'self'",
        "https://progress.darsi.example",
        "wss://progress.darsi.example",
        "http://quiz.darsi.example:8080",
        "ws://quiz.darsi.example:8080",
      ]);
    } finally {
      await other.close();
    }
  }, 90_000); // a server of its own, started inside the test

  it("gzip JSON answers of 1 KiB and more when the client accepts it, and say that they vary", async () => {
    const big = await h.request("GET", "/api/openapi.json", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(big.headers.get("content-encoding")).toBe("gzip");
    expect(big.headers.get("vary")).toMatch(/accept-encoding/i);
    const small = await h.request("GET", "/health", { headers: { "accept-encoding": "gzip" } });
    expect(small.headers.get("content-encoding")).toBeNull();
    const plain = await h.request("GET", "/api/openapi.json");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.json.openapi).toBe("3.1.0");
  });

  it("are set on a validation error too", async () => {
    const res = await h.request("POST", "/api/auth/login_check", { body: { username: "", password: "" } });
    expect(res.status).toBe(422);
    expectSecurityHeaders(res);
  });
});

describe("GET /health", () => {
  it("answers ok with the database kind", async () => {
    const res = await h.request("GET", "/health");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: "ok", database: process.env.TEST_DATABASE === "postgres" ? "postgres" : "pglite", pid: process.pid });
  });

  it("does not name the process in production", async () => {
    const prod = await startTestServer({ env: productionEnv() });
    try {
      const res = await prod.request("GET", "/health");
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ status: "ok", database: process.env.TEST_DATABASE === "postgres" ? "postgres" : "pglite" });
    } finally {
      await prod.close();
    }
  }, 90_000); // a server of its own, started inside the test
});

describe("API description", () => {
  it("GET /api/openapi.json is OpenAPI 3.1 generated from the request schemas", async () => {
    const res = await h.request("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    const spec = res.json;
    expect(spec.openapi).toBe("3.1.0");
    expect(spec.servers).toEqual([{ url: "/api" }]);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(["/auth/login_check", "/auth/register", "/countries/{id}/states", "/auth/me"]));

    const login = spec.paths["/auth/login_check"].post;
    const schema = login.requestBody.content["application/json"].schema;
    expect(schema.type).toBe("object");
    expect(schema.properties).toHaveProperty("username");
    expect(schema.properties).toHaveProperty("password");
    expect(schema.properties).toHaveProperty("g-recaptcha-response");
    expect(schema.required).toEqual(expect.arrayContaining(["username", "password"]));

    const register = spec.paths["/auth/register"].post.requestBody.content["application/json"].schema;
    expect(Object.keys(register.properties)).toEqual(
      expect.arrayContaining(["name", "lastName", "phone", "email", "birthDate", "plainPassword", "country", "state", "division", "optionalSubject"]),
    );

    const states = spec.paths["/countries/{id}/states"].get;
    expect(states.parameters).toContainEqual(expect.objectContaining({ name: "id", in: "path", required: true }));
    const confirm = spec.paths["/auth/confirm-registration"].post;
    expect(confirm.parameters).toContainEqual(expect.objectContaining({ name: "token", in: "query", required: true }));
    expect(spec.paths["/auth/me"].get.security).toEqual([{ bearer: [] }]);
    expect(spec.paths["/countries"].get.security).toBeUndefined();
    expect(spec.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("GET /api/docs is the Scalar reference of /api/openapi.json, its bundle served by this server", async () => {
    const res = await h.request("GET", "/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.text).toMatch(/^<!doctype html>/i);
    // Only scripts of this origin (no CDN, no inline script: the Content-Security-Policy runs neither).
    const scripts = [...res.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.map((m) => m[2])).toEqual(["", ""]);
    const [bundlePath, initPath] = scripts.map((m) => /src="([^"]+)"/.exec(m[1]!)?.[1]);
    expect(bundlePath).toMatch(/^\/api\/docs\/scalar-\d+\.\d+\.\d+\.js$/);
    expect(initPath).toBe("/api/docs/init.js");
    expect(directives(res.headers.get("content-security-policy")!).get("script-src")).toEqual(["'self'"]);

    const bundle = await h.request("GET", bundlePath!);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-type")).toContain("text/javascript");
    expect(bundle.headers.get("cache-control")).toContain("immutable");
    expect(bundle.text.length).toBeGreaterThan(1_000_000);
    expect(bundle.text).toContain("createApiReference");

    const init = await h.request("GET", initPath!);
    expect(init.status).toBe(200);
    expect(init.headers.get("content-type")).toContain("text/javascript");
    expect(init.text).toContain('Scalar.createApiReference("#docs"');
    expect(init.text).toContain('"url":"/api/openapi.json"');
    expect((await h.request("GET", "/api/docs/scalar-0.0.0.js")).status).toBe(404);
  });
});

describe("error envelope", () => {
  it("an unknown /api path → 404 {message, code: not_found}", async () => {
    for (const [method, path] of [
      ["GET", "/api/nope"],
      ["POST", "/api/auth/does-not-exist"],
      ["DELETE", "/api/auth/login_check"],
      ["GET", "/svc/nope"],
    ] as const) {
      const res = await h.request(method, path);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json).toEqual({ message: "Not found", code: "not_found" });
    }
  });

  it("malformed JSON → 400 validation_failed", async () => {
    const res = await h.request("POST", "/api/auth/login_check", { body: '{"username": "22000001", "password": ', headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "validation_failed", message: "Malformed JSON body" });
    expect(res.text).not.toMatch(/at .*\.ts:\d+/);
  });

  it("a wrong JSON type for the body → 422, not a crash", async () => {
    for (const body of ["[]", "null", '"text"', "42"]) {
      const res = await h.request("POST", "/api/auth/login_check", { body, headers: { "content-type": "application/json" } });
      expect(res.status, body).toBe(422);
      expect(res.json.code).toBe("validation_failed");
    }
  });

  it("success answers use the {payload} envelope", async () => {
    const res = await h.request("GET", "/api/config");
    expect(res.status).toBe(200);
    expect(Object.keys(res.json)).toEqual(["payload"]);
    expect(res.json.payload).toMatchObject({ botCheck: "off", teacherAppUrl: expect.stringMatching(/^https:/) });
  });
});

describe("dev outbox", () => {
  it("is readable when turned on (DEV_OUTBOX=true, as the test servers and `npm start` do)", async () => {
    const res = await h.request("GET", "/api/dev/outbox");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.json.payload)).toBe(true);
  });

  it("does not exist in production (codes must never be readable over HTTP)", async () => {
    const prod = await startTestServer({ env: productionEnv() });
    try {
      const res = await prod.request("GET", "/api/dev/outbox");
      expect(res.status).toBe(404);
      expect(res.json.code).toBe("not_found");
      expect((await prod.request("GET", "/api/openapi.json")).json.paths["/dev/outbox"]).toBeUndefined();
    } finally {
      await prod.close();
    }
  }, 90_000); // a server of its own, started inside the test

  it("is off unless turned on, and refused with NODE_ENV=production", async () => {
    const plain = await startTestServer({ env: { DEV_OUTBOX: "false" } });
    try {
      expect((await plain.request("GET", "/api/dev/outbox")).status).toBe(404);
    } finally {
      await plain.close();
    }
    expect(loadEnv({ NODE_ENV: "development" }).devOutbox).toBe(false);
    expect(loadEnv({ NODE_ENV: "development", DEV_OUTBOX: "true" }).devOutbox).toBe(true);
    expect(() => loadEnv(productionEnv({ DEV_OUTBOX: "true" }))).toThrow(/DEV_OUTBOX/);
  }, 90_000); // a server of its own, started inside the test
});
