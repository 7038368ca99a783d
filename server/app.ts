import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Hono, type Context } from "hono";
import { compress } from "hono/compress";
import { secureHeaders } from "hono/secure-headers";
import { serveStatic } from "@hono/node-server/serve-static";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ERROR_DESCRIPTIONS } from "./lib/error-descriptions";
import { AppError } from "./lib/errors";
import { authenticate } from "./lib/auth";
import { enforceRole } from "./lib/access";
import type { Deps } from "./lib/deps";
import { hitRateLimit } from "./lib/rate-limit";
import { parseOrThrow, type RouteDef } from "./lib/route";
import { buildOpenApi, renderDocs } from "./lib/openapi";
import { apiRoutes } from "./routes";
import { PROGRESS_SOCKET_PATH, progressSocket } from "./routes/progress/ws";
import { verifyMedia } from "./services/media/signing";

function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "127.0.0.1";
  } catch {
    return "127.0.0.1";
  }
}

async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json")) {
    try {
      return await c.req.json();
    } catch {
      throw new AppError(400, "validation_failed", { _: ["validation_failed"] }, "Malformed JSON body");
    }
  }
  if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
    return Object.fromEntries(Object.entries(await c.req.parseBody()));
  }
  return {};
}

function mount(app: Hono, deps: Deps, def: RouteDef): void {
  const honoPath = (def.base ?? "/api") + def.path.replace(/\{(\w+)\}/g, ":$1");
  app.on(def.method.toUpperCase(), honoPath, async (c) => {
    const auth = def.auth === "none" ? null : await authenticate(deps, c.req.header("authorization"));
    if (def.auth === "required" && !auth) throw new AppError(401, "unauthorized");
    // Parents and teachers on an operation that declares 403 for them (RouteDef.access): 403 forbidden.
    if (auth) enforceRole(def.access, auth.userType);
    const params = def.params ? await parseOrThrow(def.params, c.req.param()) : c.req.param();
    const query = def.query ? await parseOrThrow(def.query, c.req.query()) : undefined;
    const raw = def.method === "post" || def.method === "put" ? await readJson(c) : {};
    const body = def.body ? await parseOrThrow(def.body, raw) : undefined;
    const ip = clientIp(c);
    for (const { rule, subject } of def.rateLimits ?? []) {
      const who = subject ? subject({ ip, body, query, auth }) : ip;
      await hitRateLimit(deps.db, rule, who, deps.now(), deps.env.RATE_LIMIT_FACTOR);
    }
    if (def.botCheck && deps.botCheck.mode !== "off") {
      const token = (raw as Record<string, unknown>)["g-recaptcha-response"];
      if (!(await deps.botCheck.verify(typeof token === "string" ? token : undefined))) {
        throw new AppError(403, "bot_check_failed");
      }
    }
    const result = await def.handler({ deps, body, query, params, auth, ip, c } as never);
    if (result instanceof Response) return result;
    const { status = 200, ...envelope } = result;
    return c.json(envelope, status);
  });
}

const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "blob:", "https:"],
  mediaSrc: ["'self'", "blob:", "https:"],
  fontSrc: ["'self'", "data:"],
  connectSrc: ["'self'", "ws:", "wss:"],
  frameSrc: ["'self'", "https://www.youtube-nocookie.com", "https://www.youtube.com"],
  workerSrc: ["'self'", "blob:"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'", "https:"],
  frameAncestors: ["'none'"],
};

export function createApp(deps: Deps): Hono {
  const app = new Hono();
  const log = deps.log;

  app.use("*", async (c, next) => {
    const start = performance.now();
    await next();
    if (c.req.path.startsWith("/api") || c.req.path.startsWith("/svc")) {
      log.info("request", {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - start),
      });
    }
  });
  app.use(
    "*",
    secureHeaders({
      contentSecurityPolicy: CSP,
      referrerPolicy: "strict-origin-when-cross-origin",
      xFrameOptions: "DENY",
      xContentTypeOptions: "nosniff",
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: "same-origin",
      permissionsPolicy: { camera: [], microphone: [], geolocation: ["self"] },
    }),
  );
  app.use("*", compress());

  app.onError((err, c) => {
    if (err instanceof AppError) {
      for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
      return c.json(
        { message: err.message, code: err.code, ...(err.errors ? { errors: err.errors } : {}) },
        err.status as ContentfulStatusCode,
      );
    }
    log.error("unhandled error", { path: c.req.path, error: err instanceof Error ? err.stack : String(err) });
    return c.json({ message: ERROR_DESCRIPTIONS.server_error, code: "server_error" }, 500);
  });

  app.get("/health", async (c) => {
    try {
      await deps.database.ping();
      return c.json({ status: "ok", database: deps.database.kind });
    } catch {
      return c.json({ status: "degraded", database: "unreachable" }, 503);
    }
  });

  const routes = apiRoutes(deps.env);
  for (const def of routes) mount(app, deps, def);
  const openapi = buildOpenApi(routes);
  app.get("/api/openapi.json", (c) => c.json(openapi));
  app.get("/api/docs", (c) => c.html(renderDocs(openapi)));
  app.all("/api/*", () => {
    throw new AppError(404, "not_found");
  });
  // Lesson media (videos, magazine pages, attachments): only with a signature issued to a pupil who may open
  // the lesson (services/media/signing.ts). Range requests work, so videos can seek.
  app.use("/media/*", async (c, next) => {
    const path = decodeURIComponent(c.req.path);
    if (path.startsWith("/media/public/") && !path.includes("..")) {
      // Subject thumbnails and promo-card art: public, cached like the app's own images.
      c.header("Cache-Control", "public, max-age=86400");
      return next();
    }
    if (path.includes("..") || !verifyMedia(deps.secret, path, c.req.query("otp"), c.req.query("playbackInfo"), deps.now())) {
      throw new AppError(403, "forbidden");
    }
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

  const staticRoot = resolve(deps.env.STATIC_DIR);
  const indexPath = join(staticRoot, "index.html");
  if (existsSync(indexPath)) {
    const indexHtml = readFileSync(indexPath, "utf8");
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
      return c.html(indexHtml);
    });
  }
  return app;
}
