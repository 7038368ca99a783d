/**
 * Social sign-in (issue 21) against the local OpenID provider (oauth2-mock-server, real RS256 ID tokens, PKCE, nonce):
 * the round trip signs in, creates or links by the provider's subject id only, and every attack of the issue — a
 * missing or different state, a code issued to another browser, a replayed code, a forged, expired, wrong-audience or
 * wrong-nonce ID token, an unverified e-mail equal to a pupil's, a provider error — ends refused, creating nothing.
 */
import { eq, sql } from "drizzle-orm";
import { exportJWK, generateKeyPair, SignJWT, createLocalJWKSet } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSocialSandbox } from "../../scripts/lib/social-sandbox.mjs";
import { verifyGoogleIdToken } from "../../server/adapters/social";
import { users } from "../../server/db/schema";
import { loadEnv } from "../../server/env";
import { AppError } from "../../server/lib/errors";
import { productionEnv } from "./production-env";
import { startTestServer, type TestServer } from "./harness";

let h: TestServer;
let sandbox: Awaited<ReturnType<typeof startSocialSandbox>>;

beforeAll(async () => {
  sandbox = await startSocialSandbox();
  h = await startTestServer({ env: { SOCIAL_SANDBOX: sandbox.url } });
}, 240_000);
afterAll(async () => {
  await h?.close();
  await sandbox?.stop();
});

type Provider = "google" | "facebook";

/** The button: the round trip's cookie and the provider's URL. */
async function start(provider: Provider, body: Record<string, string> = {}, token?: string) {
  const res = token
    ? await h.request("POST", `/api/auth/social/${provider}/link`, { token, body: {}, ip: h.freshIp() })
    : await h.request("POST", `/api/auth/social/${provider}/start`, { body, ip: h.freshIp() });
  expect(res.status).toBe(200);
  const setCookie = res.headers.get("set-cookie") ?? "";
  expect(setCookie).toMatch(/darsi_social=[^;]+;.*HttpOnly/i);
  expect(setCookie).toMatch(/SameSite=Lax/i);
  expect(setCookie).toMatch(/Path=\/api\/auth\/social/);
  const cookie = /darsi_social=([^;]+)/.exec(setCookie)![1]!;
  return { cookie, url: new URL(res.json.payload.url as string) };
}

/** The pupil picks an identity on the provider's page; the provider redirects back with code and state. */
async function pick(url: URL, identity: string) {
  const page = await fetch(url);
  expect(await page.text()).toContain(`data-identity="${identity}"`);
  const chosen = new URL(url);
  chosen.searchParams.set("login_hint", identity);
  const back = await fetch(chosen, { redirect: "manual" });
  expect(back.status).toBe(302);
  const location = new URL(back.headers.get("location")!);
  return { code: location.searchParams.get("code")!, state: location.searchParams.get("state")!, path: location.pathname };
}

function callback(provider: Provider, query: Record<string, string>, cookie: string | null, token?: string) {
  return h.request("GET", `/api/auth/social/${provider}/callback`, { query, token, ip: h.freshIp(), headers: cookie ? { cookie: `darsi_social=${cookie}` } : {} });
}

async function signIn(provider: Provider, identity: string, body: Record<string, string> = {}) {
  const { cookie, url } = await start(provider, body);
  const back = await pick(url, identity);
  return callback(provider, { code: back.code, state: back.state }, cookie);
}

const accountCount = async () => Number((await h.deps.db.select({ n: sql<number>`count(*)` }).from(users))[0]!.n);
const byEmail = async (email: string) => (await h.deps.db.select().from(users).where(sql`lower(${users.email}) = ${email}`))[0];

describe("the round trip", () => {
  it("lists both providers when the local provider plays them", async () => {
    const res = await h.request("GET", "/api/auth/social/providers");
    expect(res.json.payload.providers).toEqual(["facebook", "google"]);
  });

  it("sends Google an authorization request with PKCE (S256), a state and a nonce, back to /login/google/callback", async () => {
    const { url } = await start("google");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("nonce")).toBeTruthy();
    expect(new URL(url.searchParams.get("redirect_uri")!).pathname).toBe("/login/google/callback");
  });

  it("creates an account keyed by Google's subject on a first sign-in, then signs the same account in again", async () => {
    const first = await signIn("google", "google-verified", { nextPage: "offres", referral: "CP-AMIRA1" });
    expect(first.status).toBe(200);
    expect(first.json.payload).toMatchObject({ outcome: "signed_in", created: true, nextPage: "offres", referral: "CP-AMIRA1", user_type: "student" });
    expect(JSON.stringify(first.json)).not.toMatch(/id_token|access_token|eyJ[^.]+\.eyJ[^.]+\.[^"]+"[^}]*sandbox/);
    const me = await h.request("GET", "/api/auth/me", { token: first.json.payload.token });
    expect(me.json.payload).toMatchObject({ google_id: "sandbox-google-1001", completed: false, verified: true });
    const row = await byEmail("amira.google@example.tn");
    expect(row).toMatchObject({ googleId: "sandbox-google-1001", emailVerified: true, hasPassword: false, referralCode: "CP-AMIRA1" });
    const again = await signIn("google", "google-verified");
    expect(again.json.payload).toMatchObject({ outcome: "signed_in", created: false });
    const meAgain = await h.request("GET", "/api/auth/me", { token: again.json.payload.token });
    expect(meAgain.json.payload.id).toBe(me.json.payload.id);
  });

  it("creates an account from Facebook without an e-mail", async () => {
    const res = await signIn("facebook", "facebook-no-email");
    expect(res.json.payload).toMatchObject({ outcome: "signed_in", created: true });
    const me = await h.request("GET", "/api/auth/me", { token: res.json.payload.token });
    expect(me.json.payload).toMatchObject({ facebook_id: "sandbox-facebook-2002", email: null });
  });

  it("sends a teacher to the teacher app, as after a password login", async () => {
    await h.deps.db.update(users).set({ googleId: "sandbox-google-1003" }).where(eq(users.email, "prof@darsi.tn"));
    const res = await signIn("google", "google-no-email");
    expect(res.json.payload).toMatchObject({ user_type: "teacher", redirect: h.deps.env.TEACHER_APP_URL, created: false });
    await h.deps.db.update(users).set({ googleId: null }).where(eq(users.email, "prof@darsi.tn"));
  });
});

describe("linking by e-mail", () => {
  it("links an existing account when Google says the e-mail is verified and the account verified it too", async () => {
    const pupil = await h.registerVerified({ email: "youssef.google@example.tn" });
    await h.deps.db.update(users).set({ emailVerified: true }).where(eq(users.id, pupil.id));
    // Google's identity "google-unverified" has this e-mail unverified: refused, nothing linked.
    const before = await accountCount();
    const refused = await signIn("google", "google-unverified");
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe("social_link_required");
    expect(await accountCount()).toBe(before);
    expect((await byEmail("youssef.google@example.tn"))!.googleId).toBeNull();
  });

  it("refuses to link when the existing account never proved its e-mail, even though Google verified it", async () => {
    const email = "amira.second@example.tn";
    await h.registerVerified({ email });
    // Same e-mail as a verified Google identity: re-point the sandbox identity's e-mail for this one return.
    const onSign = (token: { payload: Record<string, unknown> }) => {
      if (token.payload.sub === "sandbox-google-1001") Object.assign(token.payload, { sub: "sandbox-google-9001", email, email_verified: true });
    };
    sandbox.service.on("beforeTokenSigning", onSign);
    try {
      const before = await accountCount();
      const res = await signIn("google", "google-verified");
      expect(res.status).toBe(409);
      expect(res.json.code).toBe("social_link_required");
      expect(await accountCount()).toBe(before);
      expect((await byEmail(email))!.googleId).toBeNull();
      // Once the account proved its e-mail, the same return links it.
      await h.deps.db.update(users).set({ emailVerified: true }).where(sql`lower(${users.email}) = ${email}`);
      const linked = await signIn("google", "google-verified");
      expect(linked.status).toBe(200);
      expect(linked.json.payload.created).toBe(false);
      expect((await byEmail(email))!.googleId).toBe("sandbox-google-9001");
    } finally {
      sandbox.service.off("beforeTokenSigning", onSign);
    }
  });

  it("never links by a Facebook e-mail (Facebook asserts no verification)", async () => {
    const pupil = await h.registerVerified({ email: "sami.facebook@example.tn" });
    await h.deps.db.update(users).set({ emailVerified: true }).where(eq(users.id, pupil.id));
    const res = await signIn("facebook", "facebook-email");
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("social_link_required");
  });
});

describe("link and unlink from the profile", () => {
  it("links Facebook to the signed-in pupil, and unlinks it while a password remains", async () => {
    const pupil = await h.registerVerified();
    const { cookie, url } = await start("facebook", {}, pupil.token);
    const back = await pick(url, "facebook-email");
    const res = await callback("facebook", { code: back.code, state: back.state }, cookie, pupil.token);
    expect(res.status).toBe(200);
    expect(res.json.payload).toEqual({ outcome: "linked" });
    expect((await h.deps.db.select().from(users).where(eq(users.id, pupil.id)))[0]!.facebookId).toBe("sandbox-facebook-2001");
    // The linked identity signs this pupil in now.
    const signedIn = await signIn("facebook", "facebook-email");
    const me = await h.request("GET", "/api/auth/me", { token: signedIn.json.payload.token });
    expect(me.json.payload.id).toBe(pupil.id);
    const unlink = await h.request("DELETE", "/api/auth/social/facebook", { token: pupil.token });
    expect(unlink.status).toBe(200);
    expect((await h.deps.db.select().from(users).where(eq(users.id, pupil.id)))[0]!.facebookId).toBeNull();
  });

  it("refuses a link return in another pupil's session", async () => {
    const a = await h.registerVerified();
    const b = await h.registerVerified();
    const { cookie, url } = await start("google", {}, a.token);
    const back = await pick(url, "google-verified");
    const res = await callback("google", { code: back.code, state: back.state }, cookie, b.token);
    expect(res.status).toBe(401);
  });

  it("keeps a way in: an account opened with Google cannot unlink it without a password or Facebook", async () => {
    const res = await signIn("google", "google-verified");
    const token = res.json.payload.token as string;
    // The profile completed (the incomplete-profile gate holds the account on /mon-profil/edit until then).
    await h.deps.db.update(users).set({ completed: true, phone: "29000777" }).where(eq(users.googleId, "sandbox-google-1001"));
    const refused = await h.request("DELETE", "/api/auth/social/google", { token });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe("social_last_way_in");
    expect((await byEmail("amira.google@example.tn"))!.googleId).toBe("sandbox-google-1001");
  });
});

describe("attacks end refused and change nothing", () => {
  async function refusedWithoutChange(run: () => Promise<{ status: number; json: { code: string } }>, code = "social_failed") {
    const before = await accountCount();
    const res = await run();
    expect(res.status).toBe(401);
    expect(res.json.code).toBe(code);
    expect(await accountCount()).toBe(before);
  }

  it("a missing state cookie", async () => {
    const { url } = await start("google");
    const back = await pick(url, "google-no-email");
    await refusedWithoutChange(() => callback("google", { code: back.code, state: back.state }, null));
  });

  it("a different state", async () => {
    const { cookie, url } = await start("google");
    const back = await pick(url, "google-no-email");
    await refusedWithoutChange(() => callback("google", { code: back.code, state: `${back.state}x` }, cookie));
  });

  it("a forged cookie (state rewritten without the server's key)", async () => {
    const { url } = await start("google");
    const back = await pick(url, "google-no-email");
    const forged = `${Buffer.from(JSON.stringify({ provider: "google", state: back.state, verifier: "x".repeat(43), nonce: "n", expires: Date.now() + 60_000 })).toString("base64url")}.00`;
    await refusedWithoutChange(() => callback("google", { code: back.code, state: back.state }, forged));
  });

  it("a code issued to another browser session (code injection): this browser's verifier does not match", async () => {
    const victim = await start("google");
    const attacker = await start("google");
    const stolen = await pick(attacker.url, "google-no-email");
    const victimsState = victim.url.searchParams.get("state")!;
    await refusedWithoutChange(() => callback("google", { code: stolen.code, state: victimsState }, victim.cookie));
  });

  it("a replayed code", async () => {
    const { cookie, url } = await start("facebook");
    const back = await pick(url, "facebook-no-email");
    expect((await callback("facebook", { code: back.code, state: back.state }, cookie)).status).toBe(200);
    await refusedWithoutChange(() => callback("facebook", { code: back.code, state: back.state }, cookie));
  });

  it("a provider error (error=access_denied)", async () => {
    const { cookie, url } = await start("google");
    await refusedWithoutChange(() => callback("google", { error: "access_denied", state: url.searchParams.get("state")! }, cookie), "social_denied");
  });

  const tampered: Array<[string, (payload: Record<string, unknown>) => void]> = [
    ["an expired ID token", (p) => Object.assign(p, { exp: Math.floor(Date.now() / 1000) - 600, iat: Math.floor(Date.now() / 1000) - 4200 })],
    ["an ID token for another audience", (p) => Object.assign(p, { aud: "someone-elses-client" })],
    ["an ID token of another issuer", (p) => Object.assign(p, { iss: "https://evil.example" })],
    ["an ID token with another nonce", (p) => Object.assign(p, { nonce: "not-this-browser" })],
  ];
  for (const [name, change] of tampered) {
    it(name, async () => {
      const onSign = (token: { payload: Record<string, unknown> }) => {
        if (token.payload.aud) change(token.payload);
      };
      sandbox.service.on("beforeTokenSigning", onSign);
      try {
        await refusedWithoutChange(() => signIn("google", "google-unverified"));
      } finally {
        sandbox.service.off("beforeTokenSigning", onSign);
      }
    });
  }

  it("a forged ID token (signed with a key the provider does not publish)", async () => {
    const { privateKey } = await generateKeyPair("RS256");
    const { cookie, url } = await start("google");
    const nonce = url.searchParams.get("nonce")!;
    // Every claim right, the signature made with the attacker's key (the mock's event is synchronous: signed beforehand).
    const forgedToken = await new SignJWT({ nonce, email: "eleve@darsi.tn", email_verified: true })
      .setProtectedHeader({ alg: "RS256", kid: "forged" })
      .setIssuer(sandbox.url)
      .setAudience("darsi-sandbox-google")
      .setSubject("sandbox-google-6666")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(privateKey);
    const swap = (response: { body: Record<string, unknown> }) => {
      response.body.id_token = forgedToken;
    };
    sandbox.service.on("beforeResponse", swap);
    try {
      const back = await pick(url, "google-verified");
      await refusedWithoutChange(() => callback("google", { code: back.code, state: back.state }, cookie));
    } finally {
      sandbox.service.off("beforeResponse", swap);
    }
  });
});

describe("the ID token check itself", () => {
  it("accepts the provider's signature, issuer, audience, expiry and nonce, and refuses any of them wrong", async () => {
    const { publicKey, privateKey } = await generateKeyPair("RS256");
    const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256" };
    const keys = createLocalJWKSet({ keys: [jwk] });
    const sign = (claims: Record<string, unknown>, exp = "1h") =>
      new SignJWT({ nonce: "n1", ...claims }).setProtectedHeader({ alg: "RS256", kid: "k1" }).setIssuer("https://accounts.google.com").setAudience("app").setSubject("123").setIssuedAt().setExpirationTime(exp).sign(privateKey);
    const expected = { keys, issuers: ["https://accounts.google.com"], audience: "app", nonce: "n1" };
    await expect(verifyGoogleIdToken(await sign({}), expected)).resolves.toMatchObject({ sub: "123" });
    await expect(verifyGoogleIdToken(await sign({ nonce: "n2" }), expected)).rejects.toBeInstanceOf(AppError);
    await expect(verifyGoogleIdToken(await sign({}, "-1m"), expected)).rejects.toBeInstanceOf(AppError);
    await expect(verifyGoogleIdToken(await sign({}), { ...expected, audience: "other" })).rejects.toBeInstanceOf(AppError);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(JSON.stringify({ sub: "123", aud: "app", iss: "https://accounts.google.com", nonce: "n1", exp: 9e9, iat: 1 })).toString("base64url")}.`;
    await expect(verifyGoogleIdToken(unsigned, expected)).rejects.toBeInstanceOf(AppError);
  });
});

describe("configuration", () => {
  it("production refuses the local provider and a provider's id without its secret", () => {
    expect(() => loadEnv(productionEnv({ SOCIAL_SANDBOX: "http://localhost:3009" }))).toThrow(/SOCIAL_SANDBOX: the local sign-in provider is refused/);
    expect(() => loadEnv(productionEnv({ GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com" }))).toThrow(/GOOGLE_CLIENT_SECRET: required/);
    expect(loadEnv(productionEnv({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s" })).GOOGLE_CLIENT_ID).toBe("id");
  });
});
