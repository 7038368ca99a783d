import { toJsonSchema } from "@valibot/to-json-schema";
import type * as v from "valibot";
import type { RouteDef } from "./route";

type Json = Record<string, unknown>;

function schemaOf(schema: unknown, typeMode: "input" | "output" = "input"): Json {
  return toJsonSchema(schema as v.GenericSchema, { errorMode: "ignore", typeMode }) as Json;
}

const page = { type: "object", required: ["current_page", "last_page", "total"], properties: { current_page: { type: "integer" }, last_page: { type: "integer" }, total: { type: "integer" } } };

const envelopeError = {
  type: "object",
  required: ["message", "code"],
  properties: {
    message: { type: "string" },
    code: { type: "string" },
    errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
  },
};

/** OpenAPI 3.1 description generated from the same valibot schemas that validate the requests. */
export function buildOpenApi(routes: readonly RouteDef[]): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const r of routes) {
    const op: Json = {
      summary: r.summary,
      tags: [r.tag],
      operationId: `${r.method}_${r.path.replace(/[^a-zA-Z0-9]+/g, "_")}`,
      responses: {
        "200": {
          description: r.response ?? "Success envelope `{ payload, message? }`",
          content: {
            "application/json": {
              schema: { type: "object", required: ["payload"], properties: { payload: r.answer ? schemaOf(r.answer, "output") : {}, message: { type: "string" }, meta: page } },
            },
          },
        },
        default: { description: "Error envelope", content: { "application/json": { schema: envelopeError } } },
      },
    };
    if (r.auth === "required") op.security = [{ bearer: [] }];
    // What every role gets with valid input (RouteDef.access, lib/access.ts): the authorization matrix of CI reads it.
    op["x-access"] = r.access;
    // The account gates of SPEC §2 the operation stays open through (RouteDef.passGates); the others answer 403.
    if (r.auth !== "none") op["x-pass-gates"] = r.passGates ?? [];
    const parameters: Json[] = [];
    // Path parameters with their real types (an id is an integer), from the operation's params schema.
    const pathTypes = r.params ? ((schemaOf(r.params, "output") as { properties?: Record<string, Json> }).properties ?? {}) : {};
    for (const name of r.path.match(/\{(\w+)\}/g) ?? []) {
      parameters.push({ name: name.slice(1, -1), in: "path", required: true, schema: pathTypes[name.slice(1, -1)] ?? { type: "string" } });
    }
    if (r.query) {
      const q = schemaOf(r.query) as { properties?: Record<string, Json>; required?: string[] };
      for (const [name, schema] of Object.entries(q.properties ?? {})) {
        parameters.push({ name, in: "query", required: q.required?.includes(name) ?? false, schema });
      }
    }
    if (r.idempotency === "required") {
      parameters.push({ name: "Idempotency-Key", in: "header", required: true, schema: { type: "string", pattern: "^[A-Za-z0-9_.:-]{8,128}$" } });
      op["x-idempotency"] = "required";
    }
    if (parameters.length) op.parameters = parameters;
    if (r.body) op.requestBody = { required: true, content: { "application/json": { schema: schemaOf(r.body) } } };
    if (r.base && r.base !== "/api") {
      // A service of its own base URL (SPEC §7 "External services"): described here, served under that base.
      const key = `${r.base}${r.path}`;
      paths[key] ??= { servers: [{ url: "/" }] } as unknown as Record<string, Json>;
      (paths[key] as Record<string, Json>)[r.method] = op;
      continue;
    }
    (paths[r.path] ??= {})[r.method] = op;
  }
  return {
    openapi: "3.1.0",
    info: { title: "Darsi API", version: "1.0.0", description: "Answers use the envelope `{ payload, message?, meta? }`; errors `{ message, code, errors? }`." },
    servers: [{ url: "/api" }],
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    paths,
  };
}

const esc = (s: string) => s.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch] ?? ch);

/** A script-free HTML page listing every operation with its request schema. */
export function renderDocs(spec: Json): string {
  const paths = spec.paths as Record<string, Record<string, Json>>;
  const rows = Object.entries(paths)
    .flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method]) => ["get", "post", "put", "delete"].includes(method))
        .map(([method, op]) => {
        const body = (op.requestBody as { content: { "application/json": { schema: unknown } } } | undefined)?.content["application/json"].schema;
        const params = op.parameters as Json[] | undefined;
        return `<section><h2><span class="m ${method}">${method.toUpperCase()}</span> <code>${esc(path.startsWith("/svc/") ? path : `/api${path}`)}</code></h2>
<p>${esc(String(op.summary))}${op.security ? " — <em>Bearer token</em>" : ""}</p>
${params ? `<h3>Parameters</h3><pre>${esc(JSON.stringify(params, null, 2))}</pre>` : ""}
${body ? `<details><summary>Request body</summary><pre>${esc(JSON.stringify(body, null, 2))}</pre></details>` : ""}</section>`;
      }),
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Darsi API</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1a1b1e}
section{border-top:1px solid #ddd;padding:.5rem 0}h2{font-size:1rem;margin:.5rem 0}.m{display:inline-block;min-width:4.5em;font-weight:700}
.get{color:#1971c2}.post{color:#2f9e44}.put{color:#e67700}.delete{color:#c92a2a}pre{background:#f6f7f9;padding:.5rem;overflow:auto;font-size:12px}</style></head>
<body><h1>Darsi API</h1><p>${esc(String((spec.info as Json).description))} Machine-readable: <a href="/api/openapi.json">openapi.json</a>.</p>${rows}</body></html>`;
}
