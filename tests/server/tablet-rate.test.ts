/**
 * Class tablets sign pupils in all day from one school address (issue 23): the PIN sign-ins are counted per tablet,
 * not against the address's password-login limit (30 in 10 minutes), which one class would reach before the break.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { adminCliKey } from "../../server/routes/admin/admin-key";
import { RATE } from "../../server/lib/rate-rules";
import { startTestServer, type NewStudent, type TestServer } from "./harness";

const CLASS = 18;
let h: TestServer;
let pupil: NewStudent;

beforeAll(async () => {
  h = await startTestServer(); // RATE_LIMIT_FACTOR 1: the limits as in production
  pupil = await h.registerVerified({ division: CLASS, name: "Amira" });
});
afterAll(async () => {
  await h?.close();
});

async function newTablet(): Promise<string> {
  const code = await h.request("POST", "/api/admin/tablet-codes", { headers: { "x-admin-key": adminCliKey(h.deps.secret) }, body: { division: String(CLASS) } });
  const res = await h.request("POST", "/api/tablet/enable", { body: { code: code.json.payload.code } });
  expect(res.status).toBe(201);
  return res.json.payload.credential as string;
}

it("counts PIN sign-ins per tablet: a class's turns pass the address's login limit, a tablet's own limit stops it alone", async () => {
  const first = await newTablet();
  const second = await newTablet();
  const withPassword = (key: string) =>
    h.request("POST", "/api/tablet/sign-in/password", { headers: { "x-tablet-key": key }, body: { user_id: pupil.id, password: pupil.password, pin: "2468" } });
  const withPin = (key: string) => h.request("POST", "/api/tablet/sign-in/pin", { headers: { "x-tablet-key": key }, body: { user_id: pupil.id, pin: "2468" } });
  expect((await withPassword(first)).status).toBe(200);
  expect((await withPassword(second)).status).toBe(200);

  const limit = RATE.tabletSignIn.limit;
  expect(limit).toBeGreaterThan(RATE.loginIp.limit);
  const statuses: number[] = [];
  for (let i = 1; i < limit; i++) statuses.push((await withPin(first)).status);
  expect(statuses.every((s) => s === 200)).toBe(true);
  const over = await withPin(first);
  expect([over.status, over.json.code]).toEqual([429, "rate_limited"]);
  // The other tablet of the same school (same address) is not held by it.
  expect((await withPin(second)).status).toBe(200);
  // A request without a live credential is refused before anything is counted.
  const stranger = await h.request("POST", "/api/tablet/sign-in/pin", { headers: { "x-tablet-key": "x".repeat(43) }, body: { user_id: pupil.id, pin: "2468" } });
  expect(stranger.status).toBe(401);
}, 120_000);
