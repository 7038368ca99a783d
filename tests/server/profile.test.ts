/**
 * The pupil's profile (issue 12 items 1–4) through the API: the profile save and its rules (SPEC §5), a new phone or
 * e-mail confirmed by a code, the add-e-mail and verify-e-mail flow, the parent phone, the photo and the report cards
 * (checked by content, size-limited, owner only, deletable while pending, decided by an operator), the class change
 * (reason 4 needs its text, one pending at a time, `hasEditDivision` changes at once), and test accounts that cannot edit.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authCodes, users } from "../../server/db/schema";
import { adminCliKey } from "../../server/routes/admin/admin-key";
import { startTestServer, type NewStudent, type TestServer } from "./harness";
import { ASCII_PDF, ASCII_WEBP, multipart } from "./fixtures/profile";

let h: TestServer;
let pupil: NewStudent;
let other: NewStudent;

beforeAll(async () => {
  h = await startTestServer({ env: { RATE_LIMIT_FACTOR: "100" } });
  pupil = await h.registerVerified();
  other = await h.registerVerified();
});
afterAll(async () => {
  await h?.close();
});

const me = async (token: string) => (await h.request("GET", "/api/auth/me", { token })).json.payload;

async function profileOf(token: string) {
  const m = await me(token);
  const [y, mo, d] = String(m.birth_date).split("-");
  return {
    name: m.name,
    lastName: m.last_name,
    birthDate: `${d}/${mo}/${y}`,
    phone: m.phone ?? "",
    phone2: m.phone2 ?? "",
    email: m.email ?? "",
    gender: m.gender ?? "",
    division: m.division?.id,
    country: m.country?.id ?? 1,
    state: m.state?.id ?? null,
    delegation: m.delegation?.id ?? null,
    institute: m.institute?.id ?? null,
  };
}
const update = (token: string, body: unknown) => h.request("POST", "/api/user/update", { token, body });
const rows = async (q: ReturnType<typeof sql>) =>
  (
    (await h.deps.db.execute(q)) as unknown as {
      rows: Array<Record<string, unknown>>;
    }
  ).rows;

describe("POST /user/update", () => {
  it("saves names, birth date, second phone, gender and the address, and marks the profile completed", async () => {
    const body = await profileOf(pupil.token);
    const [deleg] = await rows(sql`select d.id as delegation, d.state_id as state from delegations d order by d.id limit 1`);
    const [inst] = await rows(sql`select id from institutes where state_id = ${deleg!.state} order by id limit 1`);
    const res = await update(pupil.token, {
      ...body,
      name: "Yasmine",
      lastName: "بن علي",
      phone2: "71000000",
      gender: "female",
      birthDate: "01/02/2009",
      state: Number(deleg!.state),
      delegation: Number(deleg!.delegation),
      institute: inst ? Number(inst.id) : null,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.payload.credential).toBeNull();
    const after = await me(pupil.token);
    expect(after).toMatchObject({
      name: "Yasmine",
      last_name: "بن علي",
      phone2: "71000000",
      gender: "female",
      birth_date: "2009-02-01",
      completed: true,
    });
    expect(after.delegation.id).toBe(Number(deleg!.delegation));
  });

  it("refuses the rules of SPEC §5 field by field (422 with codes)", async () => {
    const body = await profileOf(pupil.token);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: "A" }, "name", "name_invalid"],
      [{ lastName: "x".repeat(26) }, "lastName", "last_name_invalid"],
      [{ name: "Ali3" }, "name", "name_invalid"],
      [{ phone: "2200000" }, "phone", "phone_invalid"],
      [{ phone: "" }, "phone", "phone_required"],
      [{ phone2: "12ab5678" }, "phone2", "phone2_invalid"],
      [{ phone2: body.phone }, "phone2", "phone2_same_as_phone"],
      [{ birthDate: "" }, "birthDate", "birth_date_required"],
      [{ birthDate: "31/02/2010" }, "birthDate", "birth_date_invalid"],
      [{ birthDate: "01/01/2030" }, "birthDate", "birth_date_too_recent"],
      [{ division: "" }, "division", "division_required"],
      [{ country: 1, state: null }, "state", "country_state_required"],
      [{ gender: "other" }, "gender", "gender_invalid"],
      [{ email: "not-an-email" }, "email", "email_invalid"],
    ];
    for (const [patch, field, code] of cases) {
      const res = await update(pupil.token, { ...body, ...patch });
      expect(res.status, `${JSON.stringify(patch)} ${res.text}`).toBe(422);
      expect(res.json.errors[field], JSON.stringify(patch)).toContain(code);
    }
  });

  it("refuses a delegation of another governorate and an unknown division", async () => {
    const body = await profileOf(pupil.token);
    const [d] = await rows(sql`select id from delegations where state_id <> ${body.state ?? 0} order by id limit 1`);
    const wrong = await update(pupil.token, {
      ...body,
      delegation: Number(d!.id),
      institute: null,
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors.delegation).toContain("delegation_invalid");
    const unknown = await update(pupil.token, { ...body, division: 99999 });
    expect(unknown.status).toBe(422);
  });

  it("clears the governorate and below outside Tunisia", async () => {
    const body = await profileOf(pupil.token);
    const [c] = await rows(sql`select id from countries where id <> 1 order by id limit 1`);
    const res = await update(pupil.token, { ...body, country: Number(c!.id) });
    expect(res.status, res.text).toBe(200);
    const after = await me(pupil.token);
    expect(after.country.id).toBe(Number(c!.id));
    expect(after.state).toBeNull();
    expect(after.delegation).toBeNull();
    // Back to Tunisia for the next tests.
    expect((await update(pupil.token, body)).status).toBe(200);
  });

  it("changes the class only with hasEditDivision", async () => {
    const body = await profileOf(pupil.token);
    const [d] = await rows(sql`select id from divisions where id <> ${body.division} order by id limit 1`);
    const refused = await update(pupil.token, {
      ...body,
      division: Number(d!.id),
    });
    expect(refused.status).toBe(422);
    expect(refused.json.errors.division).toContain("forbidden");
  });

  it("keeps a new phone pending until its code comes back (the old one still signs in)", async () => {
    const body = await profileOf(other.token);
    const newPhone = `9${String(Date.now() % 10_000_000).padStart(7, "0")}`;
    const res = await update(other.token, { ...body, phone: newPhone });
    expect(res.status, res.text).toBe(200);
    expect(res.json.payload.credential).toBe(newPhone);
    expect((await me(other.token)).phone).toBe(other.phone);
    const code = await h.lastCode(newPhone, "contact");
    const wrong = await h.request("POST", "/api/user/confirm-code", {
      token: other.token,
      body: { confirmationToken: code === "AAAAAA" ? "BBBBBB" : "AAAAAA" },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors.confirmationToken).toContain("code_invalid");
    const ok = await h.request("POST", "/api/user/confirm-code", {
      token: other.token,
      body: { confirmationToken: code },
    });
    expect(ok.status, ok.text).toBe(200);
    expect((await me(other.token)).phone).toBe(newPhone);
    other.phone = newPhone;
  });

  it("refuses a phone another account holds, before writing anything", async () => {
    const body = await profileOf(other.token);
    const res = await update(other.token, {
      ...body,
      name: "Changé",
      phone: pupil.phone,
    });
    expect(res.status).toBe(422);
    expect(res.json.errors.phone).toContain("account_already_used");
    expect((await me(other.token)).name).not.toBe("Changé");
  });
});

describe("add-email and verify-email", () => {
  it("sends a code to the new address and sets it once confirmed", async () => {
    const fresh = await h.registerVerified();
    const email = `nouvelle.${fresh.id}@test.darsi.tn`;
    const sent = await h.request("PUT", "/api/user/add-email", {
      token: fresh.token,
      body: { email: ` ${email.toUpperCase()} ` },
    });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json.payload).toMatchObject({
      credential: email,
      channel: "email",
    });
    expect((await me(fresh.token)).email).toBe(fresh.email);
    const code = await h.lastCode(email, "contact");
    const stored = await h.deps.db.select().from(authCodes).where(eq(authCodes.userId, fresh.id));
    expect(stored.every((c) => c.codeHash !== code)).toBe(true);
    const wrongAddress = await h.request("POST", "/api/user/confirm-code", {
      token: fresh.token,
      body: { confirmationToken: code, email: "autre@test.darsi.tn" },
    });
    expect(wrongAddress.status).toBe(422);
    const ok = await h.request("POST", "/api/user/confirm-code", {
      token: fresh.token,
      body: { confirmationToken: code, email },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.payload.email).toBe(email);
    expect((await me(fresh.token)).email).toBe(email);
    // The code is single use.
    const again = await h.request("POST", "/api/user/confirm-code", {
      token: fresh.token,
      body: { confirmationToken: code, email },
    });
    expect(again.status).toBe(422);
  });

  it("refuses an empty, numeric, spaced or taken address", async () => {
    for (const email of ["", "12345678", "a b@c.tn", "pas-un-email"]) {
      const res = await h.request("PUT", "/api/user/add-email", {
        token: pupil.token,
        body: { email },
      });
      expect(res.status, email).toBe(422);
      expect(res.json.errors.email).toBeDefined();
    }
    const taken = await h.request("PUT", "/api/user/add-email", {
      token: pupil.token,
      body: { email: other.email },
    });
    expect(taken.status).toBe(422);
    expect(taken.json.errors.email).toContain("account_already_used");
  });

  it("needs a well-formed code", async () => {
    const res = await h.request("POST", "/api/user/confirm-code", {
      token: pupil.token,
      body: { confirmationToken: "12" },
    });
    expect(res.status).toBe(422);
    expect(res.json.errors.confirmationToken).toContain("code_invalid");
  });
});

describe("PUT /user/add-parent-phone", () => {
  it("stores the parent phone (8 digits starting 2, 4, 5 or 9) and /auth/me says so", async () => {
    for (const phone2 of ["12345678", "2234567", "", "abcdefgh"]) {
      const res = await h.request("PUT", "/api/user/add-parent-phone", {
        token: pupil.token,
        body: { phone2 },
      });
      expect(res.status, phone2).toBe(422);
      expect(res.json.errors.phone2).toContain("parent_phone_invalid");
    }
    const ok = await h.request("PUT", "/api/user/add-parent-phone", {
      token: pupil.token,
      body: { phone2: "98123456" },
    });
    expect(ok.status, ok.text).toBe(200);
    expect((await me(pupil.token)).hasPhoneParent).toBe(true);
  });
});

describe("profile photo", () => {
  it("takes a JPEG, PNG or WebP checked by content and serves it to its owner only", async () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
    const form = new FormData();
    form.set("imageFile", new Blob([jpeg], { type: "image/jpeg" }), "photo.jpg");
    const res = await h.app.request("/api/user/avatar", {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${pupil.token}` },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const avatar = (await me(pupil.token)).avatar as string;
    expect(avatar).toMatch(/^\/user\/avatar\?v=/);
    const mine = await h.app.request(`/api${avatar}`, {
      headers: { authorization: `Bearer ${pupil.token}` },
    });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/jpeg");
    expect(new Uint8Array(await mine.arrayBuffer())).toEqual(jpeg);
    // Another pupil reads their own (none): never this one.
    const theirs = await h.app.request(`/api${avatar}`, {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(theirs.status).toBe(404);
    expect((await h.app.request(`/api${avatar}`)).status).toBe(401);
  });

  it("refuses a file that is not an image, whatever its name and type", async () => {
    const form = multipart({
      field: "imageFile",
      name: "photo.jpg",
      type: "image/jpeg",
      content: "<svg onload=alert(1)>",
    });
    const res = await h.request("POST", "/api/user/avatar", {
      token: pupil.token,
      body: form.body,
      headers: form.headers,
    });
    expect(res.status).toBe(422);
    expect(res.json.errors.imageFile).toContain("file_type_invalid");
    const webp = multipart({
      field: "imageFile",
      name: "x.webp",
      type: "image/webp",
      content: ASCII_WEBP,
    });
    expect(
      (
        await h.request("POST", "/api/user/avatar", {
          token: pupil.token,
          body: webp.body,
          headers: webp.headers,
        })
      ).status,
    ).toBe(201);
  });

  it("refuses a photo larger than the limit (413) and a body without a file (422)", async () => {
    const big = multipart({
      field: "imageFile",
      name: "big.webp",
      type: "image/webp",
      content: ASCII_WEBP + "x".repeat(1024 * 1024 + 10),
    });
    expect(
      (
        await h.request("POST", "/api/user/avatar", {
          token: pupil.token,
          body: big.body,
          headers: big.headers,
        })
      ).status,
    ).toBe(413);
    const none = await h.request("POST", "/api/user/avatar", {
      token: pupil.token,
      body: {},
    });
    expect(none.status).toBe(422);
    expect(none.json.errors.imageFile).toContain("file_required");
  });
});

const uploadSheet = (token: string, fields: Record<string, string | number>, content = ASCII_PDF, name = "bulletin.pdf") => {
  const form = multipart({ field: "file", name, type: "application/pdf", content }, fields);
  return h.request("POST", "/api/student/mark-sheet", {
    token,
    body: form.body,
    headers: form.headers,
  });
};

describe("report cards", () => {
  it("uploads a PDF per trimester and class, lists it pending, serves it to its owner, deletes it while pending", async () => {
    const division = (await me(pupil.token)).division.id as number;
    const res = await uploadSheet(pupil.token, { trimester: 2, division });
    expect(res.status, res.text).toBe(201);
    expect(res.json.payload).toMatchObject({
      trimester: 2,
      status: "pending",
      division: { id: division },
      file: { kind: "pdf", mime: "application/pdf" },
    });
    const id = res.json.payload.id as number;
    const list = await h.request("GET", "/api/student/mark-sheets", {
      token: pupil.token,
    });
    expect(list.json.payload.map((m: { id: number }) => m.id)).toContain(id);
    const file = await h.request("GET", `/api/student/mark-sheet/${id}/file`, {
      token: pupil.token,
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.text).toBe(ASCII_PDF);

    // Another pupil: not found, cannot delete, does not see it.
    expect(
      (
        await h.request("GET", `/api/student/mark-sheet/${id}/file`, {
          token: other.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await h.request("DELETE", `/api/student/mark-sheet/${id}`, {
          token: other.token,
        })
      ).status,
    ).toBe(404);
    const theirs = await h.request("GET", "/api/student/mark-sheets", {
      token: other.token,
    });
    expect(theirs.json.payload.map((m: { id: number }) => m.id)).not.toContain(id);

    const del = await h.request("DELETE", `/api/student/mark-sheet/${id}`, {
      token: pupil.token,
    });
    expect(del.status).toBe(200);
    expect(del.json.message).toBe("MarkSheet deleted successfully");
    expect(
      (
        await h.request("GET", `/api/student/mark-sheet/${id}/file`, {
          token: pupil.token,
        })
      ).status,
    ).toBe(404);
  });

  it("refuses a wrong trimester, no class, and a file that is not a PDF or an image", async () => {
    const division = (await me(pupil.token)).division.id as number;
    const t = await uploadSheet(pupil.token, { trimester: 4, division });
    expect(t.status).toBe(422);
    expect(t.json.errors.trimester).toContain("trimester_invalid");
    const d = await uploadSheet(pupil.token, { trimester: 1 });
    expect(d.status).toBe(422);
    expect(d.json.errors.division).toContain("division_required");
    const exe = await uploadSheet(pupil.token, { trimester: 1, division }, "MZ this is not a pdf", "bulletin.pdf");
    expect(exe.status).toBe(422);
    expect(exe.json.errors.file).toContain("file_type_invalid");
  });

  it("is decided by an operator only: approved (then no longer deletable) or rejected with a reason", async () => {
    const division = (await me(pupil.token)).division.id as number;
    const a = (await uploadSheet(pupil.token, { trimester: 1, division })).json.payload.id as number;
    const r = (await uploadSheet(pupil.token, { trimester: 3, division })).json.payload.id as number;
    const key = { "x-admin-key": adminCliKey(h.deps.secret) };
    expect(
      (
        await h.request("POST", `/api/admin/marksheets/${a}/decision`, {
          body: { decision: "approve" },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await h.request("POST", `/api/admin/marksheets/${a}/decision`, {
          body: { decision: "maybe" },
          headers: key,
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await h.request("POST", `/api/admin/marksheets/${a}/decision`, {
          body: { decision: "approve" },
          headers: key,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await h.request("POST", `/api/admin/marksheets/${r}/decision`, {
          body: { decision: "reject", reason: "Illisible" },
          headers: key,
        })
      ).status,
    ).toBe(200);
    const list = (await h.request("GET", "/api/student/mark-sheets", { token: pupil.token })).json.payload as Array<{
      id: number;
      status: string;
      reject_reason: string | null;
    }>;
    expect(list.find((m) => m.id === a)).toMatchObject({ status: "approved" });
    expect(list.find((m) => m.id === r)).toMatchObject({
      status: "rejected",
      reject_reason: "Illisible",
    });
    const del = await h.request("DELETE", `/api/student/mark-sheet/${a}`, {
      token: pupil.token,
    });
    expect(del.status).toBe(409);
    expect(del.json.code).toBe("marksheet_not_pending");
  });
});

describe("class change", () => {
  it("needs a class and a reason, and reason 4 (Autre) needs its text", async () => {
    const post = (body: unknown) => h.request("POST", "/api/edit-division", { token: other.token, body });
    const [d] = await rows(sql`select id from divisions where id <> (select division_id from users where id = ${other.id}) order by id limit 1`);
    const newDivision = Number(d!.id);
    expect((await post({ reason: 1 })).json.errors.newDivision).toContain("division_required");
    expect((await post({ newDivision })).json.errors.reason).toContain("reason_required");
    expect((await post({ newDivision, reason: 4, reason2: "  " })).json.errors.reason2).toContain("reason_other_required");
    expect((await post({ newDivision, reason: 99 })).json.errors.reason).toContain("reason_invalid");
    const current = (await me(other.token)).division.id;
    expect((await post({ newDivision: current, reason: 1 })).json.errors.newDivision).toContain("division_unchanged");

    const ok = await post({ newDivision, reason: 4, reason2: "Je redouble" });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.json.payload.applied).toBe(false);
    expect(ok.json.payload.request).toMatchObject({
      status: "pending",
      reason: { id: 4 },
      reason2: "Je redouble",
      new_division: { id: newDivision },
    });
    expect((await me(other.token)).division.id).toBe(current);
    const twice = await post({ newDivision, reason: 1 });
    expect(twice.status).toBe(409);
    expect(twice.json.code).toBe("division_change_pending");
    const history = await h.request("GET", "/api/edit-division", {
      token: other.token,
    });
    expect(history.json.payload).toHaveLength(1);
    expect((await h.request("GET", "/api/edit-division", { token: pupil.token })).json.payload).toEqual([]);
  });

  it("changes the class at once with hasEditDivision", async () => {
    const fresh = await h.registerVerified();
    await h.deps.db.update(users).set({ hasEditDivision: true }).where(eq(users.id, fresh.id));
    const [d] = await rows(sql`select id from divisions where id <> (select division_id from users where id = ${fresh.id}) order by id desc limit 1`);
    const res = await h.request("POST", "/api/edit-division", {
      token: fresh.token,
      body: { newDivision: Number(d!.id), reason: 1 },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.payload).toMatchObject({
      applied: true,
      request: { status: "approved" },
    });
    expect((await me(fresh.token)).division.id).toBe(Number(d!.id));
    // The profile save may then change the class too.
    const body = await profileOf(fresh.token);
    const [e] = await rows(sql`select id from divisions where id <> ${Number(d!.id)} order by id limit 1`);
    expect((await update(fresh.token, { ...body, division: Number(e!.id) })).status).toBe(200);
  });
});

describe("test accounts (SPEC §6)", () => {
  it("cannot edit the profile, the photo, the e-mail, report cards or the class", async () => {
    const t = await h.registerVerified();
    const body = await profileOf(t.token);
    await h.deps.db.update(users).set({ isTest: true }).where(eq(users.id, t.id));
    const checks = [
      await update(t.token, body),
      await h.request("PUT", "/api/user/add-email", {
        token: t.token,
        body: { email: `t${t.id}@test.darsi.tn` },
      }),
      await h.request("PUT", "/api/user/add-parent-phone", {
        token: t.token,
        body: { phone2: "98123456" },
      }),
      await uploadSheet(t.token, { trimester: 1, division: body.division }),
      await h.request("POST", "/api/edit-division", {
        token: t.token,
        body: { newDivision: 1, reason: 1 },
      }),
    ];
    for (const res of checks) {
      expect(res.status, res.text).toBe(403);
      expect(res.json.code).toBe("test_account");
    }
  });

  it("parents and teachers are refused (403)", async () => {
    const login = await h.request("POST", "/api/auth/login_check", {
      body: { username: "parent@darsi.tn", password: "Darsi#2026" },
    });
    const token = login.json.payload.token as string;
    expect((await h.request("GET", "/api/student/mark-sheets", { token })).status).toBe(403);
    expect((await h.request("POST", "/api/user/update", { token, body: {} })).status).toBe(403);
  });
});

describe("parent phone and parent accounts", () => {
  it("opens a pending parent request when a parent account has the phone (after the answer, which is the same for any phone)", async () => {
    const fresh = await h.registerVerified();
    const res = await h.request("PUT", "/api/user/add-parent-phone", { token: fresh.token, body: { phone2: "22000005" } });
    expect(res.status, res.text).toBe(200);
    const none = await h.request("PUT", "/api/user/add-parent-phone", { token: other.token, body: { phone2: "98000111" } });
    expect(none.json).toEqual(res.json);
    await expect.poll(async () => (await rows(sql`select count(*)::int as n from parent_requests where child_user_id = ${fresh.id} and approved is null`))[0]?.n).toBe(1);
  });
});

describe("class change under concurrency", () => {
  it("two requests at once: one pending, the other refused (409), never a 500", async () => {
    const fresh = await h.registerVerified();
    const [d] = await rows(sql`select id from divisions where id <> (select division_id from users where id = ${fresh.id}) order by id limit 1`);
    const post = () => h.request("POST", "/api/edit-division", { token: fresh.token, body: { newDivision: Number(d!.id), reason: 2 } });
    const answers = await Promise.all([post(), post(), post()]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect((await h.request("GET", "/api/edit-division", { token: fresh.token })).json.payload).toHaveLength(1);
  });
});
