/**
 * The prerendered /login and /register (scripts/lib/prerender.mjs) carry one inline script, boot.js: the server allows
 * it by the sha256 the build wrote in dist/prerender/csp.json, on those two answers only, never with 'unsafe-inline'.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness";

const HASH = "'sha256-IgAZUBzLYrczL7v0eSUfmOEyaHpgBTusakvQTf70+qA='";
const scriptSrc = (csp: string | null) => csp?.split("; ").find((d) => d.startsWith("script-src "));

describe("prerendered pages' Content-Security-Policy", () => {
  let dir: string;
  let h: TestServer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "darsi-prerender-csp-"));
    mkdirSync(join(dir, "prerender"));
    writeFileSync(join(dir, "index.html"), '<!doctype html><html><body><div id="root"></div></body></html>');
    writeFileSync(join(dir, "prerender", "login.html"), "<!doctype html><html><head><script>boot()</script></head><body>login</body></html>");
    writeFileSync(join(dir, "prerender", "register.html"), "<!doctype html><html><body>register</body></html>");
    // A value that is not a sha256 source is never put in the policy.
    writeFileSync(join(dir, "prerender", "csp.json"), JSON.stringify({ scriptHashes: [HASH, "'unsafe-inline'", "https://cdn.example"] }));
    h = await startTestServer({ env: { STATIC_DIR: dir } });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("allows the build's hash on /login and /register, and nothing else inline", async () => {
    for (const path of ["/login", "/register", "/login?nextPage=offres"]) {
      const res = await h.request("GET", path);
      expect(res.status).toBe(200);
      expect(res.text).toContain(path.startsWith("/register") ? "register" : "login");
      expect(scriptSrc(res.headers.get("content-security-policy"))).toBe(`script-src 'self' ${HASH}`);
    }
  });

  it("keeps the strict policy on every other answer", async () => {
    for (const path of ["/offres", "/", "/health"]) {
      const res = await h.request("GET", path);
      expect(scriptSrc(res.headers.get("content-security-policy"))).toBe("script-src 'self'");
    }
  });
});
