import type { Context } from "hono";
import * as v from "valibot";
import { issuesToErrors } from "../../domain/schemas/issues";
import type { Access } from "./access";
import { AppError } from "./errors";
import type { AuthInfo } from "./auth";
import type { Deps } from "./deps";
import type { RateRule } from "./rate-limit";

type AnySchema = v.GenericSchema<unknown, unknown> | v.GenericSchemaAsync<unknown, unknown>;
type Out<S> = S extends AnySchema ? v.InferOutput<S> : undefined;

export interface RouteResult<P = unknown> {
  payload: P;
  message?: string;
  /** A page's place; the bell's and the messages' pages also carry how many are unread. */
  meta?: { current_page: number; last_page: number; total: number; unread?: number };
  status?: 200 | 201 | 202;
}

interface HandlerContext<B, Q, P, A extends "required" | "optional" | "none"> {
  deps: Deps;
  body: B;
  query: Q;
  params: P;
  auth: A extends "required" ? AuthInfo : AuthInfo | null;
  ip: string;
  /** The checked `Idempotency-Key` header (always a string on a route that declares `idempotency: "required"`). */
  idempotencyKey: string | undefined;
  c: Context;
}

type AuthMode = "required" | "optional" | "none";
/** What an operation may declare as its `answer`: a payload schema, or `FILE_ANSWER`. */
type AnswerDecl = AnySchema | typeof FILE_ANSWER;
/**
 * The payload type a handler must return for its declared answer (checked where the route is defined): the schema's
 * output; none for a file answer (the handler returns a Response); anything while the operation declares no answer.
 */
type PayloadOf<AS> = AS extends AnySchema ? v.InferOutput<AS> : AS extends typeof FILE_ANSWER ? never : unknown;

/** What a rate limit's `subject` reads to name what is counted. */
interface SubjectContext<B, Q> {
  ip: string;
  body: B;
  query: Q;
  auth: AuthInfo | null;
  deps: Deps;
  /** A request header (e.g. the class tablet's credential, counted per device). */
  header: (name: string) => string | undefined;
}

/**
 * One operation as it is written (`defineRoute`): the handler and the rate limits see the types of the operation's
 * own body, query and params schemas, and of its `auth` mode.
 */
export interface RouteSpec<
  BS extends AnySchema | undefined,
  QS extends AnySchema | undefined,
  PS extends AnySchema | undefined,
  A extends AuthMode,
  AS extends AnswerDecl | undefined = AnswerDecl | undefined,
> {
  method: "get" | "post" | "put" | "delete";
  /** OpenAPI style: `/countries/{id}/states`. */
  path: string;
  /** Where the operation lives: the product API (default) or one of the services of SPEC §7. */
  base?: "/api" | "/svc/progress" | "/svc/analytics" | "/svc/reviews" | "/svc/quiz" | "/svc/notify";
  summary: string;
  tag: string;
  auth: A;
  /**
   * The outcome every role gets with valid input (anonymous, pupil, another pupil, parent, teacher, unverified,
   * impersonating admin): a preset of `lib/access.ts`, spread to change a role. Required: the authorization matrix
   * of CI calls every operation as every role and fails on any answer that differs from this.
   */
  access: Access;
  body?: BS;
  query?: QS;
  params?: PS;
  /** Checks `g-recaptcha-response` with the bot-check adapter. */
  botCheck?: boolean;
  /**
   * Limits applied before the handler; `subject` picks what is counted (the IP by default). A per-account limit counts
   * the account, whatever spelling of its login was used (`loginRateKey` of services/auth/users.ts).
   */
  rateLimits?: Array<{
    rule: RateRule;
    subject?: (ctx: SubjectContext<Out<BS>, Out<QS>>) => string | Promise<string>;
  }>;
  /** What a success answer carries, in words (the OpenAPI description of the 200 answer). */
  response?: string;
  /**
   * The schema of the answer's `payload` (a `domain/` DTO schema): published in `/api/openapi.json`, and checked
   * against every answer the server gives under NODE_ENV=test (`checkAnswer`), so that a drifted field fails CI.
   * An answer without a payload declares `v.null()` (`{ payload: null }`); an operation that answers a file's bytes
   * (its handler returns its own Response) declares `FILE_ANSWER`.
   */
  answer?: AS;
  /** Account gates of SPEC §2 this route stays open through; by default an unverified account (403 not_verified) or one that must change its password (403 password_change_required) is stopped. */
  passGates?: Array<"unverified" | "password_change" | "incomplete_profile">;
  /**
   * Largest request body in bytes, checked before the body is read (Content-Length, and the bytes of a chunked
   * stream as they arrive): 413 `payload_too_large`. Default `DEFAULT_BODY_LIMIT` (small JSON).
   */
  bodyLimit?: number;
  /**
   * The place for an upload operation (exam homework, report cards: later issues): only a route that declares it takes
   * a `multipart/form-data` body, up to `maxBytes`, which its handler streams to storage itself (`c.req.raw.body`);
   * every other route refuses multipart and url-encoded bodies (415 `unsupported_media_type`).
   */
  upload?: {
    maxBytes: number;
    /**
     * Also takes a raw `application/octet-stream` body (the chunks of a resumable upload), streamed the same way and
     * counted against `maxBytes`; any other body type is up to the handler (it refuses it).
     */
    raw?: boolean;
  };
  /**
   * "required" on every operation that moves points or money (DESIGN §3): a request without an `Idempotency-Key`
   * is refused (422 `idempotency_key_required`) before anything runs; the handler applies it once with
   * `withIdempotency` (lib/idempotency.ts), and retries with the same key replay the first answer.
   */
  idempotency?: "required";
  handler: (ctx: HandlerContext<Out<BS>, Out<QS>, Out<PS>, A>) => Promise<RouteResult<PayloadOf<AS>> | Response>;
}

/**
 * An operation once defined, its input types erased: what `mount`, the OpenAPI document and the route lists take. The
 * handler and `subject` are declared as methods over `unknown` inputs, so any `RouteSpec` is one (method parameters
 * are compared both ways); `mount` keeps the promise the erasure relies on — it passes the handler the output of the
 * operation's own `body`, `query` and `params` schemas, and an `auth` that is present when `auth` is "required".
 */
export interface RouteDef extends Omit<RouteSpec<AnySchema | undefined, AnySchema | undefined, AnySchema | undefined, AuthMode>, "handler" | "rateLimits"> {
  answer?: AnswerDecl;
  rateLimits?: Array<{ rule: RateRule; subject?(ctx: SubjectContext<unknown, unknown>): string | Promise<string> }>;
  handler(ctx: HandlerContext<unknown, unknown, unknown, AuthMode>): Promise<RouteResult | Response>;
}

/**
 * The `answer` of an operation whose success is a file's bytes in its own type (not the JSON envelope): published as a
 * binary body; its handler returns a Response, and an envelope from it is an error under NODE_ENV=test.
 */
export const FILE_ANSWER = "file" as const;

/**
 * Under NODE_ENV=test (every server test and the test servers they start), an answer whose payload does not match
 * its operation's `answer` schema is an error naming the operation and the fields that drifted (a 500): a renamed,
 * missing, extra or retyped field fails the test that received it instead of reaching the app.
 */
export async function checkAnswer(def: RouteDef, payload: unknown): Promise<void> {
  if (!def.answer) return;
  if (def.answer === FILE_ANSWER) throw new Error(`${def.method.toUpperCase()} ${def.base ?? "/api"}${def.path}: declares a file answer but answered a JSON envelope`);
  const result = await v.safeParseAsync(def.answer, payload);
  if (result.success) return;
  const fields = result.issues.slice(0, 5).map((i) => `${v.getDotPath(i) ?? "(payload)"}: ${i.message}`);
  throw new Error(`${def.method.toUpperCase()} ${def.base ?? "/api"}${def.path}: the answer does not match its declared schema — ${fields.join("; ")}`);
}

/** The body limit of an operation that does not set its own: a JSON body of a form or a progress post. */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

export function defineRoute<
  BS extends AnySchema | undefined = undefined,
  QS extends AnySchema | undefined = undefined,
  PS extends AnySchema | undefined = undefined,
  A extends AuthMode = "required",
  AS extends AnswerDecl | undefined = undefined,
>(def: RouteSpec<BS, QS, PS, A, AS>): RouteDef {
  return def;
}

/**
 * The fields of `input` (params, query or body) holding a NUL character, in a string or a key, as `errors` paths:
 * PostgreSQL cannot store one in text, and no field of the API has a use for it.
 */
function nulFields(input: unknown, path = "", out: string[] = [], depth = 0): string[] {
  if (typeof input === "string") {
    if (input.includes("\u0000")) out.push(path || "_");
  } else if (input && typeof input === "object" && depth < 32) {
    for (const [key, value] of Object.entries(input)) {
      const at = path ? `${path}.${key}` : key;
      if (key.includes("\u0000")) out.push(path || "_");
      else nulFields(value, at, out, depth + 1);
    }
  }
  return out;
}

/**
 * Validates with a `domain/` schema; a failure is a 422 whose `errors` maps each field to its codes. A NUL character
 * anywhere in the input is refused first (422 `validation_failed` on its field), whatever the schema.
 */
export async function parseOrThrow<S extends AnySchema>(schema: S, input: unknown): Promise<v.InferOutput<S>> {
  const nul = nulFields(input);
  if (nul.length) throw new AppError(422, "validation_failed", Object.fromEntries(nul.map((f) => [f, ["validation_failed"]])));
  const result = await v.safeParseAsync(schema, input);
  if (result.success) return result.output as v.InferOutput<S>;
  throw new AppError(422, "validation_failed", issuesToErrors(result.issues));
}
