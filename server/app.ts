import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { constants as zlibConstants, gzipSync } from "node:zlib";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { serveStatic } from "@hono/node-server/serve-static";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ERROR_DESCRIPTIONS } from "./lib/error-descriptions";
import { readIdempotencyKey } from "./lib/idempotency";
import { createMetrics, metricsRoute, requestScope, wireWorkerMetrics } from "./lib/metrics";
import { AppError, causeText, DATABASE_RETRY_AFTER_SECONDS, toAppError } from "./lib/errors";
import { authenticate, enforceGates, isSessionLive } from "./lib/auth";
import { enforceKiosk, enforceRole } from "./lib/access";
import type { Deps } from "./lib/deps";
import { hitRateLimit } from "./lib/rate-limit";
import { checkAnswer, DEFAULT_BODY_LIMIT, parseOrThrow, type RouteDef } from "./lib/route";
import { buildOpenApi } from "./lib/openapi";
import { mountApiDocs } from "./lib/api-docs";
import { apiRoutes } from "./routes";
import { PROGRESS_SOCKET_PATH, progressSocket } from "./routes/progress/ws";
import { checkMeteredMedia } from "./services/media/free-hours";
import { verifyMedia } from "./services/media/signing";
import { mountPaymentSandbox } from "./adapters/payments/sandbox-pages";
import { mountOperatorSandbox } from "./adapters/operator/sandbox-routes";
import { startPushDispatcher } from "./services/notifications/dispatch";
import { startMessageDispatcher } from "./services/messages/dispatch";
import { languageOfHeader, withRequestLanguage } from "./lib/request-language";

/** How long /health waits for the database's `select 1` before it says the database is down. */
const HEALTH_PING_MS = 2000;

function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "127.0.0.1";
  } catch {
    return "127.0.0.1";
  }
}

const FORM_TYPES = /^\s*(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;
/** The raw body of an upload that declares `upload.raw` (a chunk of a resumable upload). */
const RAW_TYPE = /^\s*application\/octet-stream\s*(;|$)/i;

async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json")) {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new AppError(400, "validation_failed", { _: ["validation_failed"] }, "Malformed JSON body");
    }
    // Every operation takes an object: an array (which a schema of optional fields would take for an empty
    // object), a string, a number or null is refused here, once for all routes.
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      throw new AppError(422, "validation_failed", { _: ["validation_failed"] }, "The body must be a JSON object");
    }
    return body;
  }
  return {};
}

const tooLarge = () => new AppError(413, "payload_too_large");

/**
 * What may come in as a body, checked before any of it is read. A form body (multipart or url-encoded) only on an
 * operation that declares `upload` (415 elsewhere). The size limit of the operation (`upload.maxBytes`, `bodyLimit`
 * or `DEFAULT_BODY_LIMIT`): a declared Content-Length above it is refused at once, and a chunked stream is counted
 * as it arrives and refused once it passes it (413 `payload_too_large`); the rest of the body is never read.
 */
function bodyGuards(def: RouteDef): MiddlewareHandler[] {
  if (def.method !== "post" && def.method !== "put") return [];
  const isUpload = (c: Context) =>
    Boolean(def.upload) && (FORM_TYPES.test(c.req.header("content-type") ?? "") || (def.upload!.raw === true && RAW_TYPE.test(c.req.header("content-type") ?? "")));
  const refuseForms: MiddlewareHandler = async (c, next) => {
    if (!def.upload && FORM_TYPES.test(c.req.header("content-type") ?? "")) throw new AppError(415, "unsupported_media_type");
    await next();
  };
  const jsonLimit = bodyLimit({ maxSize: def.bodyLimit ?? DEFAULT_BODY_LIMIT, onError: () => { throw tooLarge(); } });
  // An upload is streamed by its handler (`c.req.raw.body`), never buffered here: its bytes are counted on the way.
  const uploadLimit: MiddlewareHandler = async (c, next) => {
    const max = def.upload!.maxBytes;
    const declared = c.req.header("content-length");
    if (declared !== undefined && !c.req.header("transfer-encoding") && Number(declared) > max) throw tooLarge();
    const body = c.req.raw.body;
    if (body) {
      let size = 0;
      const counted = body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            size += chunk.byteLength;
            if (size > max) controller.error(tooLarge());
            else controller.enqueue(chunk);
          },
        }),
      );
      c.req.raw = new Request(c.req.raw, { body: counted, duplex: "half" } as RequestInit);
    }
    await next();
  };
  return [refuseForms, async (c, next) => (isUpload(c) ? uploadLimit(c, next) : jsonLimit(c, next))];
}

/** Mounts one operation: body guards, authentication, the account gates of SPEC §2, validation, rate limits, bot check. */
export function mount(app: Hono, deps: Deps, def: RouteDef): void {
  const honoPath = (def.base ?? "/api") + def.path.replace(/\{(\w+)\}/g, ":$1");
  app.on(def.method.toUpperCase(), [honoPath], ...bodyGuards(def), async (c: Context) => {
    const auth = def.auth === "none" ? null : await authenticate(deps, c.req.header("authorization"));
    if (def.auth === "required" && !auth) throw new AppError(401, "unauthorized");
    if (auth) enforceGates(auth, def.passGates);
    // Parents and teachers on an operation that declares 403 for them (RouteDef.access): 403 forbidden.
    if (auth) enforceRole(def.access, auth.userType);
    // A pupil on a class tablet on an operation that spends money (issue 23 kiosk): 403 tablet_kiosk.
    if (auth) enforceKiosk(def.access, auth.tabletId);
    const params = def.params ? await parseOrThrow(def.params, c.req.param()) : c.req.param();
    const query = def.query ? await parseOrThrow(def.query, c.req.query()) : undefined;
    const raw = (def.method === "post" || def.method === "put") && !FORM_TYPES.test(c.req.header("content-type") ?? "") ? await readJson(c) : {};
    const body = def.body ? await parseOrThrow(def.body, raw) : undefined;
    const ip = clientIp(c);
    const idempotencyKey = readIdempotencyKey(c.req.header("idempotency-key"));
    if (def.idempotency === "required" && idempotencyKey === undefined) {
      throw new AppError(422, "idempotency_key_required", { "Idempotency-Key": ["idempotency_key_required"] });
    }
    for (const { rule, subject } of def.rateLimits ?? []) {
      const who = subject ? await subject({ ip, body, query, auth, deps, header: (name) => c.req.header(name) }) : ip;
      await hitRateLimit(deps.db, rule, who, deps.now(), deps.env.RATE_LIMIT_FACTOR);
    }
    if (def.botCheck && deps.botCheck.mode !== "off") {
      const token = (raw as Record<string, unknown>)["g-recaptcha-response"];
      if (!(await deps.botCheck.verify(typeof token === "string" ? token : undefined))) {
        throw new AppError(403, "bot_check_failed");
      }
    }
    const result = await def.handler({ deps, body, query, params, auth, ip, idempotencyKey, c });
    if (result instanceof Response) return result;
    if (deps.env.NODE_ENV === "test") await checkAnswer(def, result.payload);
    const { status = 200, ...envelope } = result;
    return c.json(envelope, status);
  });
}

/**
 * The Content-Security-Policy. Images are the app's own (subject thumbnails and card art under /media/public, icons,
 * data: and blob: URLs); YouTube lessons are iframes (frame-src), their thumbnails load inside them (and one is
 * loaded by the app to tell a YouTube it cannot reach, see YoutubePlayer). Requests go to the
 * app's origin ('self' covers its own ws:/wss: websocket in current browsers) plus the service origins configured for
 * the client (`connectSrc` is completed from the environment in `securityHeaders`).
 */
const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // i.ytimg.com: a YouTube lesson's thumbnail, loaded (not shown) to learn whether YouTube can be reached at all.
  imgSrc: ["'self'", "data:", "blob:", "https://i.ytimg.com"],
  mediaSrc: ["'self'", "blob:", "https:"],
  fontSrc: ["'self'", "data:"],
  connectSrc: ["'self'"],
  // blob: the PDF preview of a report card (fetched with the token, shown from an object URL).
  frameSrc: ["'self'", "blob:", "https://www.youtube-nocookie.com", "https://www.youtube.com"],
  workerSrc: ["'self'", "blob:"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'", "https:"],
  frameAncestors: ["'none'"],
};

/** `frameAncestors` → `frame-ancestors`: the policy as one header value. */
function cspValue(policy: Record<string, string[]>): string {
  return Object.entries(policy)
    .map(([directive, values]) => [directive.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`), ...values].join(" "))
    .join("; ");
}

/**
 * Every response's security headers (those hono/secure-headers gave with our options), computed once. They are set
 * before the handler runs, so the handler's own response carries them: added afterwards, they made Hono rebuild every
 * response around a stream (no more fast path of @hono/node-server for string bodies; /health answered half as fast).
 */
function securityHeaders(serviceOrigins: readonly string[], fileOrigin: string | undefined, scriptHashes: readonly string[] = []): Array<[string, string]> {
  // Exam files are answered as a redirect to the object store's signed link (STORAGE=s3): shown in an <img> or the
  // preview frame, and fetched by the service worker to keep them on the device.
  const files = fileOrigin ? [fileOrigin] : [];
  const policy = {
    ...CSP,
    // A prerendered page's inline script, by its hash (never 'unsafe-inline'; see prerenderedPages).
    scriptSrc: [...CSP.scriptSrc, ...scriptHashes],
    imgSrc: [...CSP.imgSrc, ...files],
    frameSrc: [...CSP.frameSrc, ...files],
    connectSrc: [...CSP.connectSrc, ...serviceOrigins, ...files],
  };
  return [
    ["Content-Security-Policy", cspValue(policy)],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Origin-Agent-Cluster", "?1"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Strict-Transport-Security", "max-age=15552000; includeSubDomains"],
    ["X-Content-Type-Options", "nosniff"],
    ["X-DNS-Prefetch-Control", "off"],
    ["X-Download-Options", "noopen"],
    ["X-Frame-Options", "DENY"],
    ["X-Permitted-Cross-Domain-Policies", "none"],
    ["X-XSS-Protection", "0"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(self)"],
    // Whether a JSON answer is gzipped depends on Accept-Encoding (static files too: precompressed .br/.gz).
    ["Vary", "Accept-Encoding"],
  ];
}

/**
 * The hashes of the prerendered pages' inline script (`'sha256-…'`), written by the build in dist/prerender/csp.json
 * (scripts/lib/prerender.mjs); none when the build has no such file, and then the pages are not served.
 */
function prerenderedScriptHashes(staticRoot: string): string[] {
  const file = join(staticRoot, "prerender", "csp.json");
  if (!existsSync(file)) return [];
  const parsed = JSON.parse(readFileSync(file, "utf8")) as { scriptHashes?: unknown };
  const hashes = Array.isArray(parsed.scriptHashes) ? parsed.scriptHashes : [];
  return hashes.filter((h): h is string => typeof h === "string" && /^'sha256-[A-Za-z0-9+/]+={0,2}'$/.test(h));
}

/** JSON answers at least this long are gzipped (below it, gzip saves less than it costs). */
const GZIP_MIN_BYTES = 1024;
const GZIP_OPTIONS = { level: 5, memLevel: 8, strategy: zlibConstants.Z_DEFAULT_STRATEGY };

function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const hit = /(?:^|,)\s*(gzip|\*)\s*(?:;\s*q\s*=\s*([\d.]+))?\s*(?=,|$)/i.exec(header);
  return hit !== null && (hit[2] === undefined || Number(hit[2]) > 0);
}

type JsonRespond = (object: unknown, arg?: unknown, headers?: Record<string, string | string[]>) => Response;

/**
 * JSON answers are gzipped synchronously as they are made (node:zlib on the serialised string), not by piping every
 * response through a `CompressionStream` afterwards (hono/compress): a few hundred microseconds for the largest
 * answers, and the response keeps the string/bytes fast path of @hono/node-server.
 */
function gzipJson(c: Context): void {
  const ctx = c as unknown as { json: JsonRespond; body: JsonRespond };
  ctx.json = (object, arg, headers) => {
    const text = JSON.stringify(object);
    if (text === undefined || text.length < GZIP_MIN_BYTES) {
      return ctx.body(text ?? null, arg, { "Content-Type": "application/json", ...headers });
    }
    const gz = gzipSync(text, GZIP_OPTIONS);
    return ctx.body(gz, arg, { "Content-Type": "application/json", ...headers, "Content-Encoding": "gzip" });
  };
}

/**
 * /login and /register rendered at build time (scripts/lib/prerender.mjs): those two paths only, when the build has them
 * (any other path, and an older build, get index.html). Their one inline script (boot.js) is allowed by the hash the
 * build wrote beside them, on those two answers only.
 */
function servePrerendered(app: Hono, deps: Deps, staticRoot: string): void {
  const scriptHashes = prerenderedScriptHashes(staticRoot);
  const pageCsp = securityHeaders(deps.env.serviceOrigins, deps.env.fileOrigin, scriptHashes).find(([name]) => name === "Content-Security-Policy")![1];
  for (const page of scriptHashes.length ? ["login", "register"] : []) {
    const file = join(staticRoot, "prerender", `${page}.html`);
    if (!existsSync(file)) continue;
    const html = readFileSync(file, "utf8");
    const gz = gzipSync(html, { level: 9 });
    app.get(`/${page}`, (c) => {
      c.header("Cache-Control", "no-cache");
      c.header("Content-Security-Policy", pageCsp);
      if (acceptsGzip(c.req.header("accept-encoding"))) {
        return c.body(gz, 200, { "Content-Type": "text/html; charset=UTF-8", "Content-Encoding": "gzip" });
      }
      return c.html(html);
    });
  }
}

export function createApp(deps: Deps): Hono {
  const app = new Hono();
  const log = deps.log;
  // Sends the push outbox after the events' transactions commit (services/notifications/dispatch.ts).
  startPushDispatcher(deps);
  // Delivers the queued e-mails and SMS (services/messages/dispatch.ts).
  startMessageDispatcher(deps);

  // The messages a request makes the server send are written in its language (lib/request-language.ts).
  app.use("*", (c, next) => withRequestLanguage(languageOfHeader(c.req.header("accept-language")), next));

  // Request ids on every log line, and the requests' figures for /metrics (lib/metrics.ts).
  const metrics = createMetrics(deps);
  wireWorkerMetrics(metrics);
  app.use("*", requestScope(metrics, log));
  const headers = securityHeaders(deps.env.serviceOrigins, deps.env.fileOrigin);
  app.use("*", async (c, next) => {
    for (const [name, value] of headers) c.header(name, value);
    if (c.req.method !== "HEAD" && acceptsGzip(c.req.header("accept-encoding"))) gzipJson(c);
    await next();
    // A handler that built its own Response (not through the context) did not get them: added now, in place.
    const res = c.res;
    if (!res.headers.has("x-content-type-options")) for (const [name, value] of headers) res.headers.set(name, value);
  });

  app.onError((err, c) => {
    const known = toAppError(err);
    if (known) {
      // The database went away under this request (terminated, restarting, refusing connections): 503, retry later.
      if (known.code === "database_unavailable") log.warn("database unavailable", { path: c.req.path, error: causeText(err) });
      for (const [k, v] of Object.entries(known.headers ?? {})) c.header(k, v);
      return c.json(
        { message: known.message, code: known.code, ...(known.errors ? { errors: known.errors } : {}) },
        known.status as ContentfulStatusCode,
      );
    }
    log.error("unhandled error", { path: c.req.path, error: err instanceof Error ? err.stack : String(err) });
    return c.json({ message: ERROR_DESCRIPTIONS.server_error, code: "server_error" }, 500);
  });

  // Liveness and database readiness: 503 {"database":"down"} while the database cannot answer `select 1` within
  // HEALTH_PING_MS, 200 again at the first ping that does (the pool reconnects by itself).
  app.get("/health", async (c) => {
    try {
      await deps.database.ping(HEALTH_PING_MS);
      // Outside production it names the process that answered (WORKERS=N: which worker; never told in production).
      return c.json({ status: "ok", database: deps.database.kind, ...(deps.env.NODE_ENV === "production" ? {} : { pid: process.pid }) });
    } catch {
      c.header("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json({ database: "down" }, 503);
    }
  });

  // Prometheus metrics (lib/metrics.ts): off without METRICS_TOKEN (production requires it), a bearer token otherwise.
  app.get("/metrics", metricsRoute(deps, metrics));

  const routes = apiRoutes(deps.env);
  for (const def of routes) mount(app, deps, def);
  const openapi = buildOpenApi(routes);
  app.get("/api/openapi.json", (c) => c.json(openapi));
  mountApiDocs(app);
  app.all("/api/*", () => {
    throw new AppError(404, "not_found");
  });
  // Lesson media (videos, magazine pages, attachments): only with a signature issued to a pupil who may open
  // the lesson (services/media/signing.ts). Range requests work, so videos can seek.
  app.use("/media/*", async (c, next) => {
    let path: string;
    try {
      path = decodeURIComponent(c.req.path);
    } catch {
      // Broken percent-encoding (`%E0%A4%A`, `%ZZ`): no file has that name.
      throw new AppError(404, "not_found");
    }
    if (path.includes("\u0000")) throw new AppError(404, "not_found");
    if (path.startsWith("/media/public/") && !path.includes("..")) {
      // Subject thumbnails and promo-card art: public, cached like the app's own images.
      c.header("Cache-Control", "public, max-age=86400");
      return next();
    }
    const grant = path.includes("..") ? null : verifyMedia(deps.secret, path, c.req.query("otp"), c.req.query("playbackInfo"), deps.now());
    // The link lives only as long as the session it was signed for (logout, password change: refused at once).
    if (!grant || !(await isSessionLive(deps, grant.sessionId, grant.userId))) throw new AppError(403, "forbidden");
    // A free view's link dies with the pupil's free hours (services/media/free-hours.ts).
    await checkMeteredMedia(deps, grant);
    c.header("Cache-Control", "private, max-age=3600");
    c.header("Cross-Origin-Resource-Policy", "same-origin");
    await next();
  });
  app.use(
    "/media/*",
    serveStatic({ root: deps.env.MEDIA_DIR, rewriteRequestPath: (p) => p.replace(/^\/media/, "") }),
  );
  app.all("/media/*", () => {
    throw new AppError(404, "not_found");
  });
  // The progress websocket (routes/progress/ws.ts); needs `websocket` in serve() (main.ts).
  app.get(PROGRESS_SOCKET_PATH, progressSocket(deps));
  app.all("/svc/*", () => {
    throw new AppError(404, "not_found");
  });
  // The payment sandbox's own pages (a stand-in for the card gateway and D17; adapters/payments/sandbox-pages.ts).
  // Only when a sandbox is the gateway (never in production: server/env.ts refuses it there).
  if (deps.env.PAYMENT_GATEWAY === "sandbox" || deps.env.D17_GATEWAY === "sandbox") mountPaymentSandbox(app, deps);
  // The operator's (Digital Virgo) sandbox pages (adapters/operator/sandbox-routes.ts).
  mountOperatorSandbox(app, deps);

  const staticRoot = resolve(deps.env.STATIC_DIR);
  const indexPath = join(staticRoot, "index.html");
  if (existsSync(indexPath)) {
    const indexHtml = readFileSync(indexPath, "utf8");
    const indexGz = gzipSync(indexHtml, { level: 9 });
    servePrerendered(app, deps, staticRoot);
    app.use(
      "*",
      serveStatic({
        root: deps.env.STATIC_DIR,
        precompressed: true,
        onFound: (path, c) => {
          if (path.includes("/assets/")) c.header("Cache-Control", "public, max-age=31536000, immutable");
          else if (/sw\.js$|index\.html$|manifest\.webmanifest$/.test(path)) c.header("Cache-Control", "no-cache");
          else c.header("Cache-Control", "public, max-age=3600");
        },
      }),
    );
    app.get("*", (c) => {
      c.header("Cache-Control", "no-cache");
      if (acceptsGzip(c.req.header("accept-encoding"))) {
        return c.body(indexGz, 200, { "Content-Type": "text/html; charset=UTF-8", "Content-Encoding": "gzip" });
      }
      return c.html(indexHtml);
    });
  }
  return app;
}
