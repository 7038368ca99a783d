import { toJsonSchema } from "@valibot/to-json-schema";
import type * as v from "valibot";
import { FILE_ANSWER, type RouteDef } from "./route";
import { fullAccess } from "./access";

type Json = Record<string, unknown>;

/** The JSON Schema of a valibot schema, without its `$schema` line (the document's dialect is OpenAPI 3.1's). */
function schemaOf(schema: unknown, typeMode: "input" | "output" = "input"): Json {
  const { $schema: _dialect, ...json } = toJsonSchema(schema as v.GenericSchema, { errorMode: "ignore", typeMode }) as Json;
  return json;
}

/**
 * The 200 answer of an operation: the envelope around its declared payload, or the bytes of a file (`FILE_ANSWER`:
 * its type is the file's own).
 */
function successAnswer(r: RouteDef): Json {
  if (r.answer === FILE_ANSWER) {
    return { description: r.response ?? "The file's bytes, in its own type", content: { "*/*": { schema: { type: "string", format: "binary" } } } };
  }
  const payload = r.answer ? schemaOf(r.answer, "output") : {};
  return {
    description: r.response ?? "Success envelope `{ payload, message? }`",
    content: { "application/json": { schema: { type: "object", required: ["payload"], properties: { payload, message: { type: "string" }, meta: page } } } },
  };
}

// `unread`: the bell's and the messages' pages also say how many are unread.
const page = {
  type: "object",
  required: ["current_page", "last_page", "total"],
  properties: { current_page: { type: "integer" }, last_page: { type: "integer" }, total: { type: "integer" }, unread: { type: "integer", minimum: 0 } },
};

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
        "200": successAnswer(r),
        default: { description: "Error envelope", content: { "application/json": { schema: envelopeError } } },
      },
    };
    if (r.auth === "required") op.security = [{ bearer: [] }];
    // What every role gets with valid input (RouteDef.access, lib/access.ts): the authorization matrix of CI reads it.
    op["x-access"] = fullAccess(r.access);
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
