/**
 * The API describes its answers (issue 19): an operation that declares its payload's schema (`answer`, a `domain/`
 * DTO schema) publishes it in /api/openapi.json, path parameters carry their real types, and under NODE_ENV=test
 * every answer is checked against it — a drifted field is a 500 that fails the test that received it.
 */
import { Hono } from "hono";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mount } from "../../server/app";
import { PUBLIC } from "../../server/lib/access";
import { defineRoute } from "../../server/lib/route";
import { apiRoutes } from "../../server/routes";
import { startTestServer, type TestServer } from "./harness";

let h: TestServer;
beforeAll(async () => {
  h = await startTestServer();
});
afterAll(async () => {
  await h.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a JSON document read freely

describe("answers described and checked", () => {
  it("publishes the declared payload schemas and typed path parameters", async () => {
    const spec = (await h.request("GET", "/api/openapi.json")).json as Json;
    const payload = (path: string, method = "get") => spec.paths[path][method].responses["200"].content["application/json"].schema.properties.payload;
    expect(payload("/countries")).toMatchObject({ type: "array", items: { type: "object", required: expect.arrayContaining(["id", "name", "code"]) } });
    expect(payload("/codes").items.properties.method.enum).toEqual(expect.arrayContaining(["bank", "purchase", "transfer"]));
    expect(payload("/config").properties.paymentMethods).toMatchObject({ type: "array" });
    // An answer without a payload, and one that is a file's bytes in its own type.
    expect(payload("/auth/logout")).toEqual({ type: "null" });
    expect(spec.paths["/student/content-exam/{examId}/files/{fileId}"].get.responses["200"].content).toEqual({ "*/*": { schema: { type: "string", format: "binary" } } });
    expect(payload("/auth/me").properties.user_type.enum).toEqual(expect.arrayContaining(["student", "parent", "teacher"]));
    const id = spec.paths["/countries/{id}/states"].get.parameters.find((p: Json) => p.name === "id");
    expect(id).toMatchObject({ in: "path", schema: { type: "integer", minimum: 1 } });
  });

  it("the server's real answers match their schemas (the check runs under NODE_ENV=test)", async () => {
    for (const path of ["/api/countries", "/api/countries/1/states", "/api/divisions", "/api/edit-division-reasons", "/api/config"]) {
      const res = await h.request("GET", path);
      expect(res.status, path).toBe(200);
    }
    const token = await h.login("eleve@darsi.tn");
    const topup = await h.request("POST", "/api/student/codes", {
      token,
      body: { amount: 25_000, paymentMethod: "bank", reference: "VIR-ANSWERS-1" },
      headers: { "Idempotency-Key": "answers-topup-0001" },
    });
    expect(topup.status, topup.text).toBe(201);
    const history = await h.request("GET", "/api/codes", { token, query: { page: 1, perPage: 25 } });
    expect(history.status).toBe(200);
    expect(history.json.payload.length).toBeGreaterThan(0);
  });

  it("an answer that drifted from its schema is a 500 naming the operation and the field", async () => {
    const app = new Hono();
    app.onError((err, c) => c.json({ message: err.message }, 500));
    const drifted = defineRoute({
      method: "get",
      path: "/drifted",
      summary: "A route whose answer lost a field",
      tag: "test",
      auth: "none",
      access: PUBLIC,
      answer: v.strictObject({ id: v.number(), name: v.string() }),
      // What the compiler cannot see: a row read untyped (raw SQL, JSON) whose column was renamed.
      handler: async () => ({ payload: JSON.parse('{ "id": 1, "nom": "renamed" }') }),
    });
    mount(app, h.deps, drifted);
    const res = await app.request("/api/drifted");
    expect(res.status).toBe(500);
    const { message } = (await res.json()) as { message: string };
    expect(message).toContain("GET /api/drifted");
    expect(message).toMatch(/name|nom/);
  });

  it("a handler's payload is checked against its declared answer where the route is defined", () => {
    const route = defineRoute({
      method: "get",
      path: "/typed",
      summary: "A route whose handler returns a renamed field",
      tag: "test",
      auth: "none",
      access: PUBLIC,
      answer: v.strictObject({ id: v.number(), name: v.string() }),
      // @ts-expect-error -- `nom` is not the declared `name`: `tsc` refuses the route (this line is the test).
      handler: async () => ({ payload: { id: 1, nom: "renamed" } }),
    });
    expect(route.answer).toBeDefined();
  });

  it("every operation declares its answer (a payload schema, v.null() or FILE_ANSWER)", () => {
    const routes = apiRoutes(h.deps.env);
    const undescribed = routes.filter((r) => !r.answer).map((r) => `${r.method.toUpperCase()} ${r.base ?? "/api"}${r.path}`);
    expect(routes.length).toBeGreaterThan(100);
    expect(undescribed).toEqual([]);
  });
});
