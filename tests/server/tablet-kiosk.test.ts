/**
 * Class tablets, kiosk and picture PINs (issue 23, items 5 and 2): a pupil signed in on a class tablet may not spend or
 * move money (403 `tablet_kiosk`, declared with `SPENDS_MONEY` in each operation's access and covered for every
 * operation by the authorization matrix's `tablet` role), while the same pupil's own session elsewhere may; an external
 * link opens with a teacher's fresh code of the tablet's class; a PIN may be a sequence of 4 pictures among 9, hashed
 * and locked after 5 wrong tries exactly like a digit PIN, and the grid shows which kind each pupil chose.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PIN_PICTURES } from "../../domain/tablet";
import { tabletPins } from "../../server/db/schema";
import { adminCliKey } from "../../server/routes/admin/admin-key";
import { startTestServer, type NewStudent, type TestServer } from "./harness";

const CLASS_A = 18;
const CLASS_B = 17;
let h: TestServer;
let a1: NewStudent;
let a2: NewStudent;

beforeAll(async () => {
  h = await startTestServer({ env: { RATE_LIMIT_FACTOR: "1000" } });
  a1 = await h.registerVerified({ division: CLASS_A, name: "Kenza" });
  a2 = await h.registerVerified({ division: CLASS_A, name: "Lotfi" });
});
afterAll(async () => {
  await h?.close();
});

const admin = () => ({ "x-admin-key": adminCliKey(h.deps.secret) });
async function newCode(division: number = CLASS_A): Promise<string> {
  const res = await h.request("POST", "/api/admin/tablet-codes", { headers: admin(), body: { division: String(division) } });
  expect(res.status).toBe(200);
  return res.json.payload.code as string;
}
async function newTablet(): Promise<string> {
  const res = await h.request("POST", "/api/tablet/enable", { body: { code: await newCode() } });
  expect(res.status).toBe(201);
  return res.json.payload.credential as string;
}
const device = (key: string) => ({ "x-tablet-key": key });
let idem = 0;
const idemKey = () => ({ "idempotency-key": `kiosk-test-${Date.now()}-${++idem}` });

describe("kiosk: what spends money is refused to a tablet session only", () => {
  it("refuses buying, top-ups, transfers, conversions and gift orders on the tablet (403 tablet_kiosk), not on the pupil's own session", async () => {
    const key = await newTablet();
    const signIn = await h.request("POST", "/api/tablet/sign-in/password", { headers: device(key), body: { user_id: a1.id, password: a1.password, pin: "4826" } });
    expect(signIn.status).toBe(200);
    const onTablet = signIn.json.payload.token as string;
    const calls: Array<[string, string, unknown]> = [
      ["POST", "/api/student/checkout/buy", { offer_id: 1 }],
      ["POST", "/api/student/codes", { amount: 10 }],
      ["POST", "/api/student/transfer-points", { toUser: "22000002", points: 1000 }],
      ["POST", "/api/student/gift-requests/convert-gift-point", { points: 1 }],
      ["POST", "/api/student/gift-requests-delivery", { name: "Kenza" }],
      ["POST", "/api/digitalvirgo/checkout", {}],
    ];
    for (const [method, path, body] of calls) {
      const res = await h.request(method, path, { token: onTablet, body, headers: idemKey() });
      expect([path, res.status, res.json.code]).toEqual([path, 403, "tablet_kiosk"]);
      expect(typeof res.json.message).toBe("string");
      // The same pupil's own session (a login elsewhere) is not refused by the kiosk: its answer is the operation's own.
      const own = await h.request(method, path, { token: a1.token, body, headers: idemKey() });
      expect([path, own.json?.code]).not.toEqual([path, "tablet_kiosk"]);
    }
    // Nothing changed: no transfer was started from the tablet.
    const history = await h.request("GET", "/api/student/transfer-points-history", { token: onTablet });
    expect(history.status).toBe(200);
    // Learning stays open on the tablet.
    expect((await h.request("GET", "/api/auth/me", { token: onTablet })).status).toBe(200);
    expect((await h.request("GET", "/api/student/subjects", { token: onTablet })).status).toBe(200);
  });
});

describe("kiosk: external links behind a teacher's code", () => {
  it("unlocks with a fresh code of the tablet's own class, once; another class's code or a used one is refused", async () => {
    const key = await newTablet();
    const code = await newCode(CLASS_A);
    const ok = await h.request("POST", "/api/tablet/unlock", { headers: device(key), body: { code } });
    expect(ok.status).toBe(200);
    expect(ok.json.payload.unlocked_at).toEqual(expect.any(String));
    const again = await h.request("POST", "/api/tablet/unlock", { headers: device(key), body: { code } });
    expect([again.status, again.json.code, again.json.errors?.code]).toEqual([422, "tablet_code_invalid", ["tablet_code_invalid"]]);
    const otherClass = await h.request("POST", "/api/tablet/unlock", { headers: device(key), body: { code: await newCode(CLASS_B) } });
    expect([otherClass.status, otherClass.json.code]).toEqual([422, "tablet_code_invalid"]);
    const noDevice = await h.request("POST", "/api/tablet/unlock", { token: a1.token, body: { code: await newCode(CLASS_A) } });
    expect([noDevice.status, noDevice.json.code]).toEqual([401, "tablet_required"]);
  });
});

describe("picture-sequence PINs", () => {
  const seq = "cat-sun-cat-tree";
  it("are chosen with the password, stored hashed with their kind, shown on the grid, and lock after 5 wrong tries", async () => {
    const key = await newTablet();
    const pin = (value: string) => h.request("POST", "/api/tablet/sign-in/pin", { headers: device(key), body: { user_id: a2.id, pin: value } });
    const set = await h.request("POST", "/api/tablet/sign-in/password", {
      headers: device(key),
      body: { user_id: a2.id, password: a2.password, pin: seq, pin_kind: "pictures" },
    });
    expect(set.status).toBe(200);
    const [row] = await h.deps.db.select().from(tabletPins).where(and(eq(tabletPins.userId, a2.id)));
    expect(row!.kind).toBe("pictures");
    expect(row!.pinHash).not.toContain("cat");
    const grid = await h.request("GET", "/api/tablet/pupils", { headers: device(key), query: { q: "Lotfi" } });
    expect(grid.json.payload.find((p: { id: number }) => p.id === a2.id)).toMatchObject({ pin: "set", pin_kind: "pictures" });

    expect((await pin(seq)).status).toBe(200);
    // Digits against a picture PIN, or the wrong pictures: wrong tries like any other.
    expect((await pin("1234")).json.code).toBe("pin_invalid");
    for (let i = 2; i <= 4; i++) expect([(await pin("dog-dog-dog-dog")).json.code, i]).toEqual(["pin_invalid", i]);
    expect((await pin("dog-dog-dog-dog")).json.code).toBe("pin_locked");
    expect((await pin(seq)).json.code).toBe("pin_locked");

    // The password sets a new PIN, of either kind.
    const digits = await h.request("POST", "/api/tablet/sign-in/password", { headers: device(key), body: { user_id: a2.id, password: a2.password, pin: "5555" } });
    expect(digits.status).toBe(200);
    const after = await h.request("GET", "/api/tablet/pupils", { headers: device(key), query: { q: "Lotfi" } });
    expect(after.json.payload.find((p: { id: number }) => p.id === a2.id)).toMatchObject({ pin: "set", pin_kind: "digits" });
    expect((await pin(seq)).json.code).toBe("pin_invalid");
    expect((await pin("5555")).status).toBe(200);
  });

  it("refuses a sequence that is not 4 of the 9 pictures, or a PIN not of the chosen kind (422 pin_format on pin), changing nothing", async () => {
    expect(PIN_PICTURES).toHaveLength(9);
    const key = await newTablet();
    for (const [value, kind] of [
      ["cat-sun-cat", "pictures"],
      ["cat-sun-cat-dragon", "pictures"],
      ["1234", "pictures"],
      [seq, "digits"],
      [seq, "letters"],
    ] as const) {
      const res = await h.request("POST", "/api/tablet/sign-in/password", { headers: device(key), body: { user_id: a1.id, password: a1.password, pin: value, pin_kind: kind } });
      expect([value, kind, res.status, res.json.code]).toEqual([value, kind, 422, "validation_failed"]);
      expect(res.json.errors?.pin ?? res.json.errors?.pin_kind).toEqual(["pin_format"]);
    }
    const grid = await h.request("GET", "/api/tablet/pupils", { headers: device(key), query: { q: "Kenza" } });
    expect(grid.json.payload.find((p: { id: number }) => p.id === a1.id).pin).toBe("none");
  });
});
