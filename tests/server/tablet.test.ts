/**
 * Shared-tablet class mode (issue 23): one-time device codes (15 minutes, used once), the device credential (hashed on
 * the server, revocable, no account's token opens the tablet's operations), the class grid (only the tablet's class),
 * and PINs (chosen with the real password, dead after 5 wrong tries).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tabletCodes, tablets } from "../../server/db/schema";
import { adminCliKey } from "../../server/routes/admin/admin-key";
import { createClock, startTestServer, type NewStudent, type TestServer } from "./harness";

const CLASS_A = 18;
const CLASS_B = 17;
const clock = createClock();
let h: TestServer;
let a1: NewStudent;
let a2: NewStudent;
let b1: NewStudent;

beforeAll(async () => {
  h = await startTestServer({ now: clock.now, env: { RATE_LIMIT_FACTOR: "1000" } });
  a1 = await h.registerVerified({ division: CLASS_A, name: "Amira" });
  a2 = await h.registerVerified({ division: CLASS_A, name: "Bilel" });
  b1 = await h.registerVerified({ division: CLASS_B, name: "Zied" });
});
afterAll(async () => {
  await h?.close();
});

const admin = () => ({ "x-admin-key": adminCliKey(h.deps.secret) });
async function newCode(division: number | string = CLASS_A, idle?: number): Promise<string> {
  const res = await h.request("POST", "/api/admin/tablet-codes", { headers: admin(), body: { division: String(division), ...(idle ? { idle_minutes: idle } : {}) } });
  expect(res.status).toBe(200);
  return res.json.payload.code as string;
}
async function newTablet(division: number = CLASS_A): Promise<{ id: number; key: string }> {
  const res = await h.request("POST", "/api/tablet/enable", { body: { code: await newCode(division) } });
  expect(res.status).toBe(201);
  return { id: res.json.payload.tablet.id, key: res.json.payload.credential };
}
const device = (key: string) => ({ "x-tablet-key": key });

describe("device codes", () => {
  it("turns a device on once: the code is stored hashed, the credential too, and a second use is refused", async () => {
    const code = await newCode(CLASS_A, 7);
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    const rows = await h.deps.db.select().from(tabletCodes);
    expect(rows.some((r) => r.codeHash.includes(code))).toBe(false);
    const on = await h.request("POST", "/api/tablet/enable", { body: { code: `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}` } });
    expect(on.status).toBe(201);
    expect(on.json.payload.tablet).toMatchObject({ division_id: CLASS_A, idle_minutes: 7 });
    const [row] = await h.deps.db.select().from(tablets).where(eq(tablets.id, on.json.payload.tablet.id));
    expect(row!.credentialHash).not.toContain(on.json.payload.credential);
    const again = await h.request("POST", "/api/tablet/enable", { body: { code } });
    expect([again.status, again.json.code]).toEqual([422, "tablet_code_invalid"]);
    const me = await h.request("GET", "/api/tablet", { headers: device(on.json.payload.credential) });
    expect(me.json.payload).toMatchObject({ id: on.json.payload.tablet.id, division_id: CLASS_A });
  });

  it("expires after 15 minutes", async () => {
    const code = await newCode();
    clock.advance(15 * 60_000 + 1_000);
    const late = await h.request("POST", "/api/tablet/enable", { body: { code } });
    expect([late.status, late.json.code]).toEqual([422, "tablet_code_invalid"]);
    const fresh = await newCode();
    clock.advance(14 * 60_000);
    expect((await h.request("POST", "/api/tablet/enable", { body: { code: fresh } })).status).toBe(201);
  });

  it("refuses an unknown class", async () => {
    const res = await h.request("POST", "/api/admin/tablet-codes", { headers: admin(), body: { division: "Classe qui n'existe pas" } });
    expect(res.status).toBe(404);
  });

  it("is revoked by the operator: the credential stops at once, and a second revocation is 404", async () => {
    const t = await newTablet();
    expect((await h.request("GET", "/api/tablet/pupils", { headers: device(t.key) })).status).toBe(200);
    const off = await h.request("POST", `/api/admin/tablets/${t.id}/revoke`, { headers: admin() });
    expect(off.status).toBe(200);
    const after = await h.request("GET", "/api/tablet/pupils", { headers: device(t.key) });
    expect([after.status, after.json.code]).toEqual([401, "tablet_required"]);
    expect((await h.request("POST", `/api/admin/tablets/${t.id}/revoke`, { headers: admin() })).status).toBe(404);
  });

  it("is turned off only with a fresh code of its own class", async () => {
    const t = await newTablet();
    const wrongClass = await h.request("POST", "/api/tablet/disable", { headers: device(t.key), body: { code: await newCode(CLASS_B) } });
    expect([wrongClass.status, wrongClass.json.code]).toEqual([422, "tablet_code_invalid"]);
    expect((await h.request("POST", "/api/tablet/disable", { headers: device(t.key), body: { code: "ZZZZ2222" } })).status).toBe(422);
    const off = await h.request("POST", "/api/tablet/disable", { headers: device(t.key), body: { code: await newCode(CLASS_A) } });
    expect(off.status).toBe(200);
    expect((await h.request("GET", "/api/tablet", { headers: device(t.key) })).status).toBe(401);
  });

  it("is a principal of its own: no account's token opens the tablet's operations", async () => {
    const res = await h.request("GET", "/api/tablet/pupils", { token: a1.token });
    expect([res.status, res.json.code]).toEqual([401, "tablet_required"]);
    expect((await h.request("GET", "/api/tablet", { headers: device("not-a-credential") })).status).toBe(401);
  });
});

describe("the class grid", () => {
  it("lists only its own class's pupils: a device of class A cannot list or sign in a pupil of class B", async () => {
    const t = await newTablet(CLASS_A);
    const all: Array<{ id: number }> = [];
    for (let page = 1; ; page++) {
      const res = await h.request("GET", "/api/tablet/pupils", { headers: device(t.key), query: { page } });
      expect(res.status).toBe(200);
      expect(res.json.payload.length).toBeLessThanOrEqual(16);
      all.push(...res.json.payload);
      if (page >= res.json.meta.last_page) break;
    }
    const ids = all.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([a1.id, a2.id]));
    expect(ids).not.toContain(b1.id);
    const search = await h.request("GET", "/api/tablet/pupils", { headers: device(t.key), query: { q: "zied" } });
    expect(search.json.payload.map((p: { id: number }) => p.id)).not.toContain(b1.id);
    const found = await h.request("GET", "/api/tablet/pupils", { headers: device(t.key), query: { q: "Bilel" } });
    expect(found.json.payload.map((p: { id: number }) => p.id)).toContain(a2.id);
    const b = await h.request("POST", "/api/tablet/sign-in/password", { headers: device(t.key), body: { user_id: b1.id, password: b1.password, pin: "1234" } });
    expect(b.status).toBe(404);
    const bPin = await h.request("POST", "/api/tablet/sign-in/pin", { headers: device(t.key), body: { user_id: b1.id, pin: "1234" } });
    expect(bPin.status).toBe(404);
  });
});

describe("PINs", () => {
  it("are chosen with the real password, open a session, and die after 5 wrong tries until the password sets a new one", async () => {
    const t = await newTablet();
    const pin = (value: string) => h.request("POST", "/api/tablet/sign-in/pin", { headers: device(t.key), body: { user_id: a1.id, pin: value } });
    expect((await pin("2468")).json.code).toBe("pin_not_set");

    const wrongPassword = await h.request("POST", "/api/tablet/sign-in/password", { headers: device(t.key), body: { user_id: a1.id, password: "nope", pin: "2468" } });
    expect([wrongPassword.status, wrongPassword.json.code]).toEqual([401, "invalid_credentials"]);
    const first = await h.request("POST", "/api/tablet/sign-in/password", { headers: device(t.key), body: { user_id: a1.id, password: a1.password, pin: "2468" } });
    expect(first.status).toBe(200);
    expect(first.json.payload.pupil).toMatchObject({ id: a1.id, name: "Amira" });
    expect(first.json.payload.vault_key).toMatch(/^[0-9a-f]{64}$/);
    const me = await h.request("GET", "/api/auth/me", { token: first.json.payload.token });
    expect(me.json.payload.id ?? me.json.payload.user?.id).toBe(a1.id);

    const ok = await pin("2468");
    expect(ok.status).toBe(200);
    expect(ok.json.payload.vault_key).toBe(first.json.payload.vault_key);
    const grid = await h.request("GET", "/api/tablet/pupils", { headers: device(t.key), query: { q: "Amira" } });
    expect(grid.json.payload.find((p: { id: number }) => p.id === a1.id).pin).toBe("set");

    for (let i = 1; i <= 4; i++) expect([(await pin("0000")).status, i]).toEqual([422, i]);
    expect([(await pin("0000")).status, (await pin("2468")).json.code]).toEqual([409, "pin_locked"]);
    const locked = await h.request("GET", "/api/tablet/pupils", { headers: device(t.key), query: { q: "Amira" } });
    expect(locked.json.payload.find((p: { id: number }) => p.id === a1.id).pin).toBe("locked");

    const reset = await h.request("POST", "/api/tablet/sign-in/password", { headers: device(t.key), body: { user_id: a1.id, password: a1.password, pin: "1357" } });
    expect(reset.status).toBe(200);
    expect((await pin("1357")).status).toBe(200);
    expect((await pin("2468")).status).toBe(422);
  });

  it("are per tablet, and a PIN is 4 digits", async () => {
    const t1 = await newTablet();
    const t2 = await newTablet();
    await h.request("POST", "/api/tablet/sign-in/password", { headers: device(t1.key), body: { user_id: a2.id, password: a2.password, pin: "9999" } });
    const other = await h.request("POST", "/api/tablet/sign-in/pin", { headers: device(t2.key), body: { user_id: a2.id, pin: "9999" } });
    expect(other.json.code).toBe("pin_not_set");
    const short = await h.request("POST", "/api/tablet/sign-in/password", { headers: device(t1.key), body: { user_id: a2.id, password: a2.password, pin: "12a4" } });
    expect([short.status, short.json.errors?.pin]).toEqual([422, ["pin_format"]]);
  });
});

describe("grid photos", () => {
  it("serve a pupil's photo to the tablet of their class only, by an address that does not give the stored key away", async () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
    const form = new FormData();
    form.set("imageFile", new Blob([jpeg], { type: "image/jpeg" }), "photo.jpg");
    const up = await h.app.request("/api/user/avatar", { method: "POST", body: form, headers: { authorization: `Bearer ${a1.token}` } });
    expect(up.status).toBe(201);
    const tA = await newTablet(CLASS_A);
    const tB = await newTablet(CLASS_B);
    const grid = await h.request("GET", "/api/tablet/pupils", { headers: device(tA.key), query: { q: "Amira" } });
    const row = grid.json.payload.find((p: { id: number }) => p.id === a1.id) as { avatar: string };
    expect(row.avatar).toMatch(new RegExp(`^/tablet/pupils/${a1.id}/avatar\\?v=[\\w-]{1,8}$`));
    const photo = await h.app.request(`/api${row.avatar}`, { headers: device(tA.key) });
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(jpeg);
    // Without a photo: 404 (initials); another class's tablet, a pupil's token, no credential: never the photo.
    expect((await h.app.request(`/api/tablet/pupils/${a2.id}/avatar`, { headers: device(tA.key) })).status).toBe(404);
    expect((await h.app.request(`/api/tablet/pupils/${a1.id}/avatar`, { headers: device(tB.key) })).status).toBe(404);
    expect((await h.app.request(`/api/tablet/pupils/${a1.id}/avatar`, { headers: { authorization: `Bearer ${a1.token}` } })).status).toBe(401);
    expect((await h.app.request(`/api/tablet/pupils/${a1.id}/avatar`)).status).toBe(401);
  });
});

describe("vault key", () => {
  it("comes again for the signed-in pupil's session opened on this tablet only", async () => {
    const t = await newTablet(CLASS_A);
    const other = await newTablet(CLASS_A);
    const signed = await h.request("POST", "/api/tablet/sign-in/password", { headers: device(t.key), body: { user_id: a2.id, password: a2.password, pin: "4321" } });
    expect(signed.status).toBe(200);
    const again = await h.request("POST", "/api/tablet/vault-key", { headers: device(t.key), token: signed.json.payload.token });
    expect(again.status).toBe(200);
    expect(again.json.payload.vault_key).toBe(signed.json.payload.vault_key);
    // The same session from another tablet, a session not opened on a tablet, no session, no device: refused.
    expect((await h.request("POST", "/api/tablet/vault-key", { headers: device(other.key), token: signed.json.payload.token })).status).toBe(404);
    expect((await h.request("POST", "/api/tablet/vault-key", { headers: device(t.key), token: a2.token })).status).toBe(404);
    expect((await h.request("POST", "/api/tablet/vault-key", { headers: device(t.key) })).status).toBe(401);
    const bare = await h.request("POST", "/api/tablet/vault-key", { token: signed.json.payload.token });
    expect([bare.status, bare.json.code]).toEqual([401, "tablet_required"]);
    // Each pupil and tablet has its own key.
    const otherPupil = await h.request("POST", "/api/tablet/sign-in/password", { headers: device(t.key), body: { user_id: a1.id, password: a1.password, pin: "4321" } });
    expect(otherPupil.json.payload.vault_key).not.toBe(signed.json.payload.vault_key);
    const elsewhere = await h.request("POST", "/api/tablet/sign-in/password", { headers: device(other.key), body: { user_id: a2.id, password: a2.password, pin: "4321" } });
    expect(elsewhere.json.payload.vault_key).not.toBe(signed.json.payload.vault_key);
  });
});
