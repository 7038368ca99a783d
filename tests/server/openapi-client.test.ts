/**
 * A client that did not write the document (issue 19): the answers of real requests are validated against
 * /api/openapi.json by an independent JSON Schema validator (Ajv, the 2020-12 dialect of OpenAPI 3.1), the operation
 * found in the document by method and path like any generated client would — not with the server's valibot schemas.
 */
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, startTestServer, type TestResponse, type TestServer } from "./harness";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a JSON document read freely

let h: TestServer;
let spec: Json;
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);

beforeAll(async () => {
  h = await startTestServer();
  spec = (await h.request("GET", "/api/openapi.json")).json as Json;
});
afterAll(async () => {
  await h.close();
});

/**
 * The operation of the document that serves `method url`: product operations are listed relative to the server URL
 * `/api`, a service's under its own base (`/svc/...`). A template segment `{name}` matches one path segment.
 */
function operationOf(method: string, url: string): Json {
  const path = url.split("?")[0]!;
  const base = (spec.servers as Array<{ url: string }>)[0]!.url;
  const relative = path.startsWith(`${base}/`) ? path.slice(base.length) : path;
  const matches = Object.keys(spec.paths).filter((template) => {
    if (template.startsWith("/svc/") !== relative.startsWith("/svc/")) return false;
    const pattern = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+");
    return new RegExp(`^${pattern}$`).test(relative);
  });
  // A literal segment wins over a template (`/student/content-exam/calendar` before `/student/content-exam/{id}`).
  const best = matches.sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))[0];
  const op = best ? spec.paths[best][method.toLowerCase()] : undefined;
  if (!op) throw new Error(`${method} ${url}: no operation in /api/openapi.json`);
  return op as Json;
}

/** The JSON schema the document gives for this answer's status (the success under "200", as it is published). */
function answerSchema(op: Json, status: number): Json {
  const response = op.responses[String(status)] ?? (status >= 200 && status < 300 ? op.responses["200"] : op.responses.default);
  const schema = response?.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`no JSON schema for status ${status} of ${op.operationId}`);
  return schema as Json;
}

function validate(method: string, url: string, res: TestResponse): string[] {
  const check = ajv.compile(answerSchema(operationOf(method, url), res.status));
  return check(res.json) ? [] : (check.errors ?? []).map((e) => `${e.instancePath || "(answer)"} ${e.message}`);
}

async function expectDescribed(method: string, url: string, token?: string, expected = 200): Promise<TestResponse> {
  const res = await h.request(method, url, { token });
  expect(res.status, `${method} ${url}: ${res.text.slice(0, 300)}`).toBe(expected);
  expect(validate(method, url, res), `${method} ${url}`).toEqual([]);
  return res;
}

describe("the answers match /api/openapi.json for a client that only reads the document", () => {
  it("reference lists and the configuration", async () => {
    const countries = await expectDescribed("GET", "/api/countries");
    expect(countries.json.payload.length).toBeGreaterThan(0);
    await expectDescribed("GET", "/api/countries/1/states");
    await expectDescribed("GET", "/api/divisions");
    await expectDescribed("GET", "/api/config");
    await expectDescribed("GET", "/api/auth/challenge");
  });

  it("a pupil's account, exams, sessions, history and wallet", async () => {
    const login = await h.request("POST", "/api/auth/login_check", { body: { username: "eleve@darsi.tn", password: DEMO_PASSWORD } });
    expect(validate("POST", "/api/auth/login_check", login)).toEqual([]);
    const token = await h.login("eleve@darsi.tn");
    const me = await expectDescribed("GET", "/api/auth/me", token);
    expect(me.json.payload.user_type).toBe("student");
    await expectDescribed("GET", "/api/auth/my-profile", token);
    await expectDescribed("GET", "/api/student/content-exam", token);
    await expectDescribed("GET", "/api/student/content-exam/calendar", token);
    await expectDescribed("GET", "/api/events", token);
    await expectDescribed("GET", "/svc/reviews/rateables", token);
    await expectDescribed("GET", "/svc/analytics/attendance-history", token);
    await expectDescribed("GET", "/api/student/history/subscriptions", token);
    await expectDescribed("GET", "/api/student/parent-requests", token);
    await expectDescribed("GET", "/api/video-links", token);
    await expectDescribed("GET", "/api/codes?page=1&perPage=25", token);
    // An answer without a payload: `payload` is null, as the document says.
    const logout = await expectDescribed("GET", "/api/auth/logout", token);
    expect(logout.json.payload).toBeNull();
  });

  it("a parent's requests", async () => {
    const token = await h.login("parent@darsi.tn");
    const inbox = await expectDescribed("GET", "/api/request-parent-user-children", token);
    expect(inbox.json.payload.length).toBeGreaterThan(0);
  });

  it("errors follow the error envelope of the document", async () => {
    const res = await expectDescribed("GET", "/api/auth/me", undefined, 401);
    expect(res.json.code).toBe("unauthorized");
  });

  it("the validator sees a drifted answer (the check is not vacuous)", async () => {
    const token = await h.login("eleve@darsi.tn");
    const me = await h.request("GET", "/api/auth/me", { token });
    const { points: _points, ...rest } = me.json.payload as Json;
    const drifted = { ...me, json: { payload: { ...rest, point: 1, verified: "yes" } } };
    const errors = validate("GET", "/api/auth/me", drifted);
    expect(errors.join("\n")).toMatch(/points/);
    expect(errors.join("\n")).toMatch(/verified/);
    expect(errors.join("\n")).toMatch(/additional/);
  });
});
