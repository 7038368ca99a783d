import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCliKey } from "../../server/routes/admin/admin-key";
import { startTestServer, type TestServer } from "./harness";

let h: TestServer;
let key: Record<string, string>;
beforeAll(async () => {
  h = await startTestServer();
  key = { "x-admin-key": adminCliKey(h.deps.secret) };
});
afterAll(async () => {
  await h?.close();
});

describe("operator commands (X-Admin-Key)", () => {
  it("refuse callers without the key or with a wrong one, and change nothing", async () => {
    const pupil = await h.register();
    const attempts: Array<Record<string, string>> = [{}, { "x-admin-key": "0".repeat(64) }, { "x-admin-key": "not-hex" }];
    for (const headers of attempts) {
      const res = await h.request("POST", "/api/admin/expire-password", { body: { login: pupil.phone }, headers });
      expect(res.status).toBe(403);
      expect(res.json.code).toBe("forbidden");
    }
    const me = await h.request("GET", "/api/auth/me", { token: pupil.token });
    expect(me.status).toBe(200);
  });

  it("expire-password ends the sessions, refuses the next login, and a reset with a code restores access", async () => {
    const pupil = await h.register();
    const res = await h.request("POST", "/api/admin/expire-password", { body: { login: pupil.email }, headers: key });
    expect(res.status).toBe(200);
    expect(res.json.payload.userId).toBe(pupil.id);

    expect((await h.request("GET", "/api/auth/me", { token: pupil.token })).status).toBe(401);
    const login = await h.request("POST", "/api/auth/login_check", { body: { username: pupil.phone, password: pupil.password }, ip: h.freshIp() });
    expect(login.status).toBe(403);
    expect(login.json.code).toBe("password_expired");

    // A wrong password still answers invalid_credentials: the expiry is only told to the account's owner.
    const wrong = await h.request("POST", "/api/auth/login_check", { body: { username: pupil.phone, password: "Mauvais#2026" }, ip: h.freshIp() });
    expect(wrong.status).toBe(401);

    await h.request("POST", "/api/auth/request-password", { query: { credentiel: pupil.phone }, ip: h.freshIp() });
    const code = await h.lastCode(pupil.phone, "reset");
    const reset = await h.request("POST", "/api/auth/reset-password", {
      body: { token: code, credential: pupil.phone, newPassword: "Nouveau#2027", retypePassword: "Nouveau#2027" },
      ip: h.freshIp(),
    });
    expect(reset.status).toBe(200);
    const again = await h.request("POST", "/api/auth/login_check", { body: { username: pupil.phone, password: "Nouveau#2027" }, ip: h.freshIp() });
    expect(again.status).toBe(200);
  });

  it("expire-password on an unknown login answers 404", async () => {
    const res = await h.request("POST", "/api/admin/expire-password", { body: { login: "99999999" }, headers: key });
    expect(res.status).toBe(404);
    expect(res.json.code).toBe("credential_unknown");
  });

  it("impersonations give a one-time link whose session carries the admin id", async () => {
    const res = await h.request("POST", "/api/admin/impersonations", { body: { login: "nouveau@darsi.tn" }, headers: key });
    expect(res.status).toBe(201);
    const { token, adminId, userId } = res.json.payload;
    const first = await h.request("POST", "/api/auth/switch", { body: { token, adminId, userId } });
    expect(first.status).toBe(200);
    const me = await h.request("GET", "/api/auth/me", { token: first.json.payload.token });
    expect(me.json.payload).toMatchObject({ email: "nouveau@darsi.tn", adminId });
    const second = await h.request("POST", "/api/auth/switch", { body: { token, adminId, userId } });
    expect(second.status).toBe(401);
  });
});
