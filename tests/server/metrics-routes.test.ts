/**
 * The route label of a counted request is the route it was for, whatever else matches it: `/health` stays `/health`
 * when the built app's `GET *` fallback is mounted after it (it was counted as `/*` once `dist/` existed), a 401 from
 * an auth middleware is counted under the route it guarded, and a path no route takes is `other`.
 */
import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { Registry } from "prom-client";
import { requestScope, type Metrics } from "../../server/lib/metrics";
import { createLogger } from "../../server/lib/logger";

function appCounting() {
  const seen: Array<{ method: string; route: string; status: number }> = [];
  const metrics: Metrics = {
    registry: new Registry(),
    observe: (method, route, status) => void seen.push({ method, route, status }),
  };
  const app = new Hono();
  app.use("*", requestScope(metrics, createLogger("silent")));
  app.get("/health", (c) => c.json({ ok: true }));
  app.use("/api/*", async (c, next) => (c.req.header("authorization") ? next() : c.json({ code: "unauthorized" }, 401)));
  app.get("/api/lessons/:id", (c) => c.json({ id: c.req.param("id") }));
  app.use("/assets/*", async (_c, next) => next());
  app.get("*", (c) => c.html("<!doctype html>"));
  return { app, seen };
}

describe("metrics route labels", () => {
  it("label each request with the route that answered, never a later catch-all", async () => {
    const { app, seen } = appCounting();
    await app.request("/health");
    await app.request("/api/lessons/42", { headers: { authorization: "Bearer x" } });
    await app.request("/api/lessons/43");
    await app.request("/parrain/gift-code");
    expect(seen).toEqual([
      { method: "GET", route: "/health", status: 200 },
      { method: "GET", route: "/api/lessons/:id", status: 200 },
      { method: "GET", route: "/api/lessons/:id", status: 401 },
      { method: "GET", route: "/*", status: 200 },
    ]);
  });

  it("count a path that no route takes as other", async () => {
    const { app, seen } = appCounting();
    await app.request("/nothing", { method: "POST" });
    expect(seen).toEqual([{ method: "POST", route: "other", status: 404 }]);
  });
});
