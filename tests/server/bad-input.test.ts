/**
 * The bad-input suite (DESIGN §3, issue 8), generated from `/api/openapi.json`: every operation with a body, a query
 * or a path parameter gets, one at a time on top of its valid call (`FIXTURES` of `operations.ts`, as pupil A),
 * malformed JSON, wrong types, empty values, huge strings, out-of-range and overflowing numbers, NUL and control
 * characters, unicode direction overrides, extra fields, SQL-looking strings and broken percent-encoding. Each answer:
 * - is never a 5xx, and every 4xx carries the envelope `{ message, code, errors? }`;
 * - changes nothing in the database: the tables' checksum is taken before and after each operation's batch of inputs
 *   that must be refused. Inputs a route may rightly accept (an extra field it ignores, an empty optional field, text
 *   with control characters, a direction override or SQL-looking words) are sent in a second batch, checked for the
 *   first two points only.
 * Requests go through `app.request` in-process; the checksums are per operation, not per request.
 */
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { actorFor, FIXTURES, h, MINE, operations, type Call, type Operation } from "./operations";

afterAll(async () => {
  await h?.close();
});

type Json = Record<string, unknown>;
const spec = (await h.request("GET", "/api/openapi.json")).json as Json;

/**
 * Tables left out of the checksum, because a refused request may rightly change them:
 * - `rate_limits`: the counters of the limits, counted for refused requests too (a wrong password counts);
 * - `used_bot_challenges`: spent proof-of-work challenges (the bot check is off in tests; listed for completeness).
 * Nothing else: a refused request must not open a session, send a code, store an idempotency key or write a row.
 */
const NOT_CHECKSUMMED = new Set(["rate_limits", "used_bot_challenges"]);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw rows
const rows = async (query: ReturnType<typeof sql>): Promise<any[]> => ((await h.deps.db.execute(query)) as unknown as { rows: any[] }).rows;
const tables = (await rows(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`))
  .map((r) => String(r.table_name))
  .filter((t) => !NOT_CHECKSUMMED.has(t));

/** One checksum per table of every row's text. */
let checksums = 0;
let checksumMs = 0;
async function checksum(): Promise<Record<string, string>> {
  const start = performance.now();
  checksums += 1;
  // Order-free: the row count and the sum of the rows' text hashes (no sort of every table).
  const parts = tables.map((t) => sql`select ${t} as t, count(*) || ':' || coalesce(sum(hashtext(x::text)::bigint), 0) as sum from ${sql.identifier(t)} x`);
  const out: Record<string, string> = {};
  for (const r of await rows(sql.join(parts, sql` union all `))) out[String(r.t)] = String(r.sum);
  checksumMs += performance.now() - start;
  return out;
}

/** A request exactly as given: the URL is not normalised (broken percent-encoding stays broken), the body is raw text. */
interface Raw {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}
async function send(raw: Raw): Promise<{ status: number; text: string; json: unknown }> {
  const bindings = { incoming: { socket: { remoteAddress: h.freshIp(), remotePort: 40000, remoteFamily: "IPv4" } } };
  const res = await h.app.request(raw.url, { method: raw.method, headers: raw.headers, body: raw.body }, bindings);
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json };
}

// ---------------------------------------------------------------------------------------------------------------
// The bad values.

/** A value to put in a JSON body: `raw` is its JSON text when JSON.stringify cannot write it (1e309, -0). */
interface BodyValue {
  label: string;
  value?: unknown;
  raw?: string;
  /** A route may rightly accept it (second batch, no checksum). */
  mayPass?: boolean;
}
const HUGE = "x".repeat(20_000);
const LONG = "é".repeat(3_000);
const NUMBERS: BodyValue[] = [
  { label: "2147483648", value: 2147483648 },
  { label: "-2147483649", value: -2147483649 },
  { label: "1e20", value: 1e20 },
  { label: "99999999999999999999999 (raw)", raw: "99999999999999999999999" },
  { label: "1e309 (raw, Infinity)", raw: "1e309" },
  { label: "-1e309 (raw)", raw: "-1e309" },
  { label: "-1", value: -1 },
  { label: "1.5", value: 1.5 },
  { label: "'2147483648'", value: "2147483648" },
  { label: "'99999999999999999999'", value: "99999999999999999999" },
  { label: "'1e309'", value: "1e309" },
  { label: "'NaN'", value: "NaN" },
  { label: "'Infinity'", value: "Infinity" },
  { label: "'-0'", value: "-0" },
  { label: "'0x10'", value: "0x10" },
];
const WRONG_TYPES: BodyValue[] = [
  { label: "null", value: null },
  { label: "true", value: true },
  { label: "[]", value: [] },
  { label: "[1,2]", value: [1, 2] },
  { label: "{}", value: {} },
  { label: "{nested}", value: { $gt: "" } },
  { label: "0", value: 0 },
  { label: "-0 (raw)", raw: "-0" },
  { label: "'abc'", value: "abc" },
];
const STRINGS: BodyValue[] = [
  { label: "NUL", value: "a\u0000b" },
  { label: "NUL only", value: "\u0000" },
  { label: "huge (20,000)", value: HUGE },
  { label: "long accents (3,000)", value: LONG },
  { label: "empty", value: "" },
  { label: "spaces", value: "   " },
  { label: "control chars", value: "a\u0001\u0008\u001b[31mb\u007f", mayPass: true },
  { label: "U+202E", value: "abc\u202Egnp.exe", mayPass: true },
  { label: "U+2066 isolates", value: "\u2066abc\u2069", mayPass: true },
  { label: "SQL", value: "'; DROP TABLE users; --", mayPass: true },
  { label: "SQL or", value: "' OR '1'='1", mayPass: true },
  { label: "lone surrogate (raw)", raw: '"\\ud800"', mayPass: true },
  { label: "emoji", value: "😀👩‍👩‍👧", mayPass: true },
];

/** JSON types a property's schema allows (empty when it says nothing). */
function typesOf(schema: Json | undefined): Set<string> {
  const out = new Set<string>();
  const walk = (s: Json | undefined) => {
    if (!s) return;
    if (typeof s.type === "string") out.add(s.type === "integer" ? "number" : s.type);
    if (Array.isArray(s.type)) for (const t of s.type) out.add(t === "integer" ? "number" : String(t));
    if ("const" in s) out.add(typeof s.const);
    if (Array.isArray(s.enum)) for (const e of s.enum) out.add(typeof e);
    for (const k of ["anyOf", "oneOf", "allOf"]) if (Array.isArray(s[k])) for (const x of s[k] as Json[]) walk(x);
  };
  walk(schema);
  return out;
}
const jsonType = (v: BodyValue) => {
  if (v.raw !== undefined) return v.raw.startsWith('"') ? "string" : "number";
  if (v.value === null) return "null";
  if (Array.isArray(v.value)) return "array";
  return typeof v.value;
};

/** The value a body variant carries once parsed. */
const parsed = (v: BodyValue): unknown => (v.raw !== undefined ? JSON.parse(v.raw) : v.value);

/**
 * Whether a value could pass a property's JSON schema (type, anyOf, const, enum, lengths, pattern, bounds). The
 * schema says less than the valibot one it comes from (trims, custom checks), so this errs towards "could": what it
 * calls impossible must be refused.
 */
function couldPass(s: Json | undefined, value: unknown): boolean {
  if (!s || Object.keys(s).filter((k) => k !== "default" && k !== "$schema").length === 0) return true;
  if (Array.isArray(s.anyOf) && !(s.anyOf as Json[]).some((b) => couldPass(b, value))) return false;
  if ("const" in s && s.const !== value) return false;
  if (Array.isArray(s.enum) && !s.enum.includes(value)) return false;
  const type = Array.isArray(s.anyOf) ? undefined : s.type;
  if (type === "string" && typeof value !== "string") return false;
  if ((type === "number" || type === "integer") && typeof value !== "number") return false;
  if (type === "integer" && typeof value === "number" && !Number.isInteger(value)) return false;
  if (type === "boolean" && typeof value !== "boolean") return false;
  if (type === "null" && value !== null) return false;
  if (type === "array" && !Array.isArray(value)) return false;
  if (type === "object" && (typeof value !== "object" || value === null || Array.isArray(value))) return false;
  if (typeof value === "string") {
    const length = Array.from(value).length;
    if (typeof s.maxLength === "number" && length > s.maxLength) return false;
    if (typeof s.pattern === "string" && !new RegExp(s.pattern, "u").test(value)) return false;
  }
  const n = typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : undefined;
  if (n !== undefined && typeof s.minimum === "number" && n < s.minimum) return false;
  if (n !== undefined && typeof s.maximum === "number" && n > s.maximum) return false;
  return true;
}

/** Values for one body property: wrong types, numbers and strings; those its schema could accept go to the second batch. */
function valuesFor(schema: Json | undefined, required: boolean): BodyValue[] {
  const allowed = typesOf(schema);
  const wrong = WRONG_TYPES.filter((v) => allowed.size === 0 || !allowed.has(jsonType(v)));
  return [...wrong, ...NUMBERS, ...STRINGS].map((v) => {
    const nul = typeof v.value === "string" && v.value.includes("\u0000");
    const could = !nul && (couldPass(schema, parsed(v)) || (v.label === "empty" && !required));
    return could ? { ...v, mayPass: true } : v;
  });
}

/** Path segment values, percent-encoded as a client would send them (or broken on purpose). */
const PATH_VALUES: Array<{ label: string; segment: string }> = [
  { label: "2147483648", segment: "2147483648" },
  { label: "99999999999999999999", segment: "99999999999999999999" },
  { label: "-1", segment: "-1" },
  { label: "0", segment: "0" },
  { label: "-0", segment: "-0" },
  { label: "1e309", segment: "1e309" },
  { label: "NaN", segment: "NaN" },
  { label: "1.5", segment: "1.5" },
  { label: "NUL", segment: "a%00b" },
  { label: "control", segment: "a%01%1Bb" },
  { label: "U+202E", segment: "abc%E2%80%AEfdp" },
  { label: "SQL", segment: "1'%20OR%20'1'%3D'1" },
  { label: "huge", segment: "x".repeat(5_000) },
  { label: "broken %", segment: "%" },
  { label: "broken %ZZ", segment: "a%ZZb" },
  { label: "truncated UTF-8", segment: "%E0%A4%A" },
  { label: "invalid UTF-8", segment: "%C0%AE%FF" },
  { label: "encoded slash", segment: "..%2F..%2Fetc%2Fpasswd" },
  { label: "space", segment: "%20" },
];

/** Query values (encoded by URLSearchParams) and raw broken ones. */
const QUERY_VALUES: Array<{ label: string; value?: string; raw?: string; mayPass?: boolean }> = [
  { label: "empty", value: "" },
  { label: "2147483648", value: "2147483648" },
  { label: "99999999999999999999", value: "99999999999999999999" },
  { label: "-1", value: "-1" },
  { label: "-0", value: "-0" },
  { label: "1e309", value: "1e309" },
  { label: "NaN", value: "NaN" },
  { label: "NUL", value: "a\u0000b" },
  { label: "huge", value: "x".repeat(5_000) },
  { label: "control", value: "a\u0001\u001bb", mayPass: true },
  { label: "U+202E", value: "abc\u202Efdp", mayPass: true },
  { label: "SQL", value: "' OR '1'='1", mayPass: true },
  { label: "broken %", raw: "%" },
  { label: "broken %ZZ", raw: "a%ZZb" },
  { label: "truncated UTF-8", raw: "%E0%A4%A" },
  { label: "invalid UTF-8", raw: "%C0%AE%FF" },
];

// ---------------------------------------------------------------------------------------------------------------
// Generation.

interface Case {
  label: string;
  raw: Raw;
  mayPass: boolean;
}

function pathOf(op: Operation, params: Record<string, string | number> = {}, override?: [string, string]): string {
  return op.template.replace(/\{(\w+)\}/g, (_, name: string) =>
    override && override[0] === name ? override[1] : encodeURIComponent(String(params[name])),
  );
}
const withQuery = (path: string, query: Record<string, string | number> | undefined, extra = "") => {
  const qs = new URLSearchParams(Object.entries(query ?? {}).map(([k, v]) => [k, String(v)])).toString();
  const all = [qs, extra].filter(Boolean).join("&");
  return all ? `${path}?${all}` : path;
};

interface OpSchema {
  body?: Json;
  query: Array<{ name: string; required: boolean }>;
  pathParams: string[];
}
function schemaOf(op: Operation): OpSchema {
  const item = (spec.paths as Record<string, Record<string, Json>>)[Object.keys(spec.paths as Json).find((p) => op.template.endsWith(p) && (op.template === p || op.template === `/api${p}`))!]!;
  const o = item[op.method.toLowerCase()] as Json;
  const params = (o.parameters as Array<{ name: string; in: string; required?: boolean }> | undefined) ?? [];
  const body = (o.requestBody as { content?: Record<string, { schema: Json }> } | undefined)?.content?.["application/json"]?.schema;
  return {
    body,
    query: params.filter((p) => p.in === "query").map((p) => ({ name: p.name, required: Boolean(p.required) })),
    pathParams: params.filter((p) => p.in === "path").map((p) => p.name),
  };
}

function casesFor(op: Operation, call: Call, token: string | undefined): Case[] {
  const s = schemaOf(op);
  const headers = (extra: Record<string, string> = {}): Record<string, string> => ({
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(call.headers ?? {}),
    ...extra,
  });
  const json = { "content-type": "application/json" };
  const hasBody = op.method === "POST" || op.method === "PUT";
  const baseBody = hasBody ? JSON.stringify(call.body ?? {}) : undefined;
  const path = pathOf(op, call.params);
  const url = withQuery(path, call.query);
  const out: Case[] = [];
  const add = (label: string, raw: Omit<Raw, "method">, mayPass = false) => out.push({ label, raw: { method: op.method, ...raw }, mayPass });

  // An operation that moves money without its Idempotency-Key, or with a malformed one.
  if (op.idempotency === "required") {
    const keyless = Object.fromEntries(Object.entries(headers(hasBody ? json : {})).filter(([k]) => k.toLowerCase() !== "idempotency-key"));
    add("Idempotency-Key missing", { url, headers: keyless, body: baseBody });
    add("Idempotency-Key malformed", { url, headers: { ...keyless, "idempotency-key": "bad key!" }, body: baseBody });
    add("Idempotency-Key too long", { url, headers: { ...keyless, "idempotency-key": "k".repeat(129) }, body: baseBody });
  }
  // Path parameters, one at a time.
  for (const name of s.pathParams) {
    for (const v of PATH_VALUES) {
      add(`path ${name} = ${v.label}`, { url: withQuery(pathOf(op, call.params, [name, v.segment]), call.query), headers: headers(hasBody ? json : {}), body: baseBody });
    }
  }
  // Query parameters, one at a time; plus a repeated one and an unknown one.
  for (const q of s.query) {
    for (const v of QUERY_VALUES) {
      const others = Object.fromEntries(Object.entries(call.query ?? {}).filter(([k]) => k !== q.name));
      const extra = v.raw !== undefined ? `${q.name}=${v.raw}` : new URLSearchParams([[q.name, v.value!]]).toString();
      add(`query ${q.name} = ${v.label}`, { url: withQuery(path, others, extra), headers: headers(hasBody ? json : {}), body: baseBody }, v.mayPass);
    }
    add(`query ${q.name} repeated`, { url: withQuery(path, call.query, `${q.name}=1&${q.name}=2`), headers: headers(hasBody ? json : {}), body: baseBody }, true);
  }
  if (s.query.length || s.pathParams.length) {
    add("query: unknown parameter", { url: withQuery(path, call.query, "zz_extra=1&__proto__=x"), headers: headers(hasBody ? json : {}), body: baseBody }, true);
  }
  // The body: whole-body breakage, then each property with every bad value.
  if (s.body && hasBody) {
    const malformed = ["{", '{"a":', "nul", "{'a':1}", '{"a":1,}', "\u0000", "[1,2", '"\\u0000"', "1e309", "[]", "[{}]", "null", "123", '"text"', "true", "{}".repeat(3)];
    for (const text of malformed) add(`body: ${JSON.stringify(text)}`, { url, headers: headers(json), body: text });
    // A byte-order mark before the JSON is allowed by the Fetch standard's JSON reading: the body is then the valid one.
    add("body: BOM", { url, headers: headers(json), body: `\uFEFF${baseBody}` }, true);
    add("body: deep nesting", { url, headers: headers(json), body: "[".repeat(5_000) + "]".repeat(5_000) });
    add("body: huge", { url, headers: headers(json), body: JSON.stringify({ ...(call.body as Json), pad: HUGE.repeat(5) }) });
    // Not JSON: read as an empty body, which an operation whose fields are all optional accepts.
    add("body: text/plain", { url, headers: headers({ "content-type": "text/plain" }), body: baseBody }, true);
    add("body: no content type", { url, headers: headers(), body: baseBody }, true);
    add("body: extra fields", { url, headers: headers(json), body: JSON.stringify({ ...(call.body as Json), zz_extra: 1, isAdmin: true, user_id: 1 }) }, true);
    add("body: __proto__", { url, headers: headers(json), body: `{"__proto__":{"polluted":true},${(baseBody ?? "{}").slice(1)}` }, true);
    add("body: constructor", { url, headers: headers(json), body: JSON.stringify({ ...(call.body as Json), constructor: { prototype: { polluted: true } } }) }, true);
    const props = (s.body.properties ?? {}) as Record<string, Json>;
    const required = new Set((s.body.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries(props)) {
      for (const v of valuesFor(schema, required.has(name))) {
        const others = Object.fromEntries(Object.entries((call.body ?? {}) as Json).filter(([k]) => k !== name));
        const text = JSON.stringify(others);
        const valueText = v.raw ?? JSON.stringify(v.value);
        const body = text === "{}" ? `{${JSON.stringify(name)}:${valueText}}` : `${text.slice(0, -1)},${JSON.stringify(name)}:${valueText}}`;
        add(`body ${name} = ${v.label}`, { url, headers: headers(json), body }, v.mayPass);
      }
      if (!required.has(name)) continue;
      const without = Object.fromEntries(Object.entries((call.body ?? {}) as Json).filter(([k]) => k !== name));
      add(`body ${name} missing`, { url, headers: headers(json), body: JSON.stringify(without) });
    }
  }
  return out;
}

const withInput = operations.filter((op) => {
  const s = schemaOf(op);
  return op.idempotency === "required" || s.pathParams.length > 0 || s.query.length > 0 || (s.body !== undefined && (op.method === "POST" || op.method === "PUT"));
});

function expectGoodAnswer(label: string, res: { status: number; text: string; json: unknown }) {
  const where = `${label}: ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, where).toBeLessThan(500);
  if (res.status >= 400) {
    expect(res.json, where).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    const errors = (res.json as Json).errors;
    if (errors !== undefined) {
      expect(typeof errors, where).toBe("object");
      for (const codes of Object.values(errors as Json)) expect(Array.isArray(codes) && codes.every((c) => typeof c === "string"), where).toBe(true);
    }
  }
}

let total = 0;
describe("bad input, generated from /api/openapi.json", () => {
  it("covers every operation with input, with a fixture for each", () => {
    expect(withInput.length).toBeGreaterThan(25);
    expect(withInput.filter((op) => !FIXTURES[op.operationId]).map((op) => op.operationId)).toEqual([]);
  });

  for (const op of withInput) {
    it(`${op.method} ${op.template}: never a 5xx, always the envelope, nothing written`, async () => {
      const actor = await actorFor("pupil");
      const call = await FIXTURES[op.operationId]!.mine(actor, MINE);
      const token = call.token === undefined ? actor.token : (call.token ?? undefined);
      const cases = casesFor(op, call, token);
      total += cases.length;

      const before = await checksum();
      const acceptedBad: string[] = [];
      for (const c of cases.filter((x) => !x.mayPass)) {
        const res = await send(c.raw);
        expectGoodAnswer(`${c.label} (${op.operationId})`, res);
        if (res.status < 300) acceptedBad.push(`${c.label}: ${res.status}`);
        // A NUL character is refused by the router in every string of params, query and body (PostgreSQL cannot store it).
        if (/\bNUL\b/.test(c.label)) expect([404, 422], `${c.label} (${op.operationId}): ${res.status} ${res.text.slice(0, 200)}`).toContain(res.status);
        // Money without a key is refused before anything runs.
        if (c.label.startsWith("Idempotency-Key")) expect([res.status, (res.json as Json | undefined)?.code], `${c.label} (${op.operationId})`).toEqual([422, c.label.endsWith("missing") ? "idempotency_key_required" : "idempotency_key_invalid"]);
      }
      const after = await checksum();
      const changed = tables.filter((t) => before[t] !== after[t]);
      expect(changed, `${op.operationId}: tables changed by input that must be refused (accepted: ${acceptedBad.join("; ") || "none"})`).toEqual([]);

      // Inputs the route may rightly accept: when it accepted none of them, nothing may have changed either.
      const before2 = await checksum();
      let accepted = 0;
      for (const c of cases.filter((x) => x.mayPass)) {
        const res = await send(c.raw);
        expectGoodAnswer(`${c.label} (${op.operationId})`, res);
        if (res.status < 300) accepted += 1;
      }
      if (accepted === 0) {
        const after2 = await checksum();
        expect(tables.filter((t) => before2[t] !== after2[t]), `${op.operationId}: tables changed though every input was refused`).toEqual([]);
      }
    });
  }

  it("sent at least 2,000 inputs", () => {
    console.info(`bad-input: ${total} inputs, ${checksums} checksums in ${Math.round(checksumMs)} ms`);
    expect(total).toBeGreaterThanOrEqual(2_000);
  });
});

describe("bad input outside the OpenAPI document", () => {
  const paths = [
    "/media/%E0%A4%A",
    "/media/videos/%ZZ.mp4",
    "/media/public/%",
    "/media/public/subjects/%C0%AE%C0%AE%2F%C0%AE%C0%AE%2Fsecret.key",
    "/media/a%00b.mp4",
    "/media/public/a%00b.svg",
    "/media/videos/demo-1.mp4?otp=%E0%A4%A&playbackInfo=%",
    "/api/%E0%A4%A",
    "/api/student/subjects/%",
    "/svc/quiz/quizzes/%ZZ",
  ];
  it.each(paths)("GET %s: a 4xx with the envelope", async (url) => {
    const res = await send({ method: "GET", url, headers: { authorization: `Bearer ${(await actorFor("pupil")).token}` } });
    expectGoodAnswer(url, res);
    expect(res.status).toBeGreaterThanOrEqual(400);
  });
});
