/**
 * Per-account rate limits count the account, not the spelling of its login (issue 8 item 6a): e-mail in any case,
 * the phone, +216… and 00216… all draw on one allowance; a login of no account is counted by its normalised form.
 * Every request comes from a fresh client address, so only the per-account limit can refuse it.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { startTestServer, type NewStudent, type TestServer } from "./harness";

let h: TestServer;

beforeAll(async () => {
  h = await startTestServer();
});
afterAll(async () => {
  await h?.close();
});

const spellings = (s: NewStudent) => [s.email, s.email.toUpperCase(), s.phone, `+216${s.phone}`, `00216${s.phone}`, `+216 ${s.phone.slice(0, 2)} ${s.phone.slice(2)}`];
const login = (username: string, password: string) => h.request("POST", "/api/auth/login_check", { body: { username, password }, ip: h.freshIp() });

describe("per-account limits", () => {
  it("login: 10 wrong attempts spread over every spelling of one account, then any spelling is refused (429)", async () => {
    const s = await h.register();
    const forms = spellings(s);
    for (let i = 0; i < 10; i++) expect((await login(forms[i % forms.length]!, "Wrong#2026x")).status).toBe(401);
    for (const form of forms) {
      const refused = await login(form, s.password);
      expect(refused.status, form).toBe(429);
      expect(refused.json.code).toBe("rate_limited");
    }
    // Another account is not touched.
    const other = await h.register();
    expect((await login(other.email, other.password)).status).toBe(200);
  });

  it("login of no account: counted by its normalised form (e-mail case, phone prefixes)", async () => {
    const emails = ["Personne.X@darsi.tn", "personne.x@DARSI.TN", "PERSONNE.X@darsi.tn"];
    for (let i = 0; i < 10; i++) expect((await login(emails[i % 3]!, "Wrong#2026x")).status).toBe(401);
    expect((await login("personne.x@darsi.tn", "Wrong#2026x")).status).toBe(429);
    const phones = ["98765432", "+21698765432", "0021698765432"];
    for (let i = 0; i < 10; i++) expect((await login(phones[i % 3]!, "Wrong#2026x")).status).toBe(401);
    expect((await login("+216 98 765 432", "Wrong#2026x")).status).toBe(429);
  });

  it("reset codes: 3 sent to one account by e-mail and phone spellings, then the 4th is refused; code checks likewise", async () => {
    const s = await h.register();
    const forms = [s.email, s.phone, `+216${s.phone}`];
    for (const credentiel of forms) expect((await h.request("POST", "/api/auth/request-password", { query: { credentiel }, ip: h.freshIp() })).status).toBe(200);
    const refused = await h.request("POST", "/api/auth/request-password", { query: { credentiel: s.email.toUpperCase() }, ip: h.freshIp() });
    expect(refused.status).toBe(429);

    const reset = (credential: string) =>
      h.request("POST", "/api/auth/reset-password", {
        body: { token: "ZZZZZZ", credential, newPassword: "Nouveau#2027", retypePassword: "Nouveau#2027" },
        ip: h.freshIp(),
      });
    const all = spellings(s);
    for (let i = 0; i < 10; i++) expect((await reset(all[i % all.length]!)).status).not.toBe(429);
    expect((await reset(s.email)).status).toBe(429);
    expect((await reset(`00216${s.phone}`)).status).toBe(429);
  });
});

describe("the parent phone", () => {
  it("5 an hour per pupil, from any client address: the 6th is refused (429 with Retry-After) and not stored", async () => {
    const s = await h.registerVerified();
    const give = (phone2: string) => h.request("PUT", "/api/user/add-parent-phone", { token: s.token, body: { phone2 }, ip: h.freshIp() });
    for (let i = 0; i < 5; i++) expect((await give(`9800011${i}`)).status).toBe(200);
    const refused = await give("98000119");
    expect([refused.status, refused.json.code]).toEqual([429, "rate_limited"]);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const [u] = await h.deps.db.select({ parentPhone: users.parentPhone }).from(users).where(eq(users.id, s.id));
    expect(u!.parentPhone).toBe("98000114");
  });
});
