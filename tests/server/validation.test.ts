import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isErrorCode } from "../../domain/errors";
import { startTestServer, type TestServer } from "./harness";

let h: TestServer;
beforeAll(async () => {
  h = await startTestServer();
});
afterAll(async () => {
  await h?.close();
});

/** Every field error is a code the client can translate. */
function expectOnlyCodes(errors: Record<string, string[]>) {
  for (const codes of Object.values(errors)) for (const code of codes) expect(isErrorCode(code), code).toBe(true);
}

describe("validation answers are codes", () => {
  it("missing login fields get their own required codes", async () => {
    const res = await h.request("POST", "/api/auth/login_check", { body: {} });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ username: ["username_required"], password: ["password_required"] });
  });

  it("a missing registration field maps to its snake_case code", async () => {
    const res = await h.request("POST", "/api/auth/register", { body: { name: "Amira" } });
    expect(res.status).toBe(422);
    expect(res.json.errors.lastName).toEqual(["last_name_required"]);
    expect(res.json.errors.birthDate).toEqual(["birth_date_required"]);
    expectOnlyCodes(res.json.errors);
  });

  it("a wrong type without a code of its own becomes validation_failed", async () => {
    const res = await h.request("POST", "/api/auth/login_check", { body: { username: 42, password: ["x"] } });
    expect(res.status).toBe(422);
    expectOnlyCodes(res.json.errors);
  });

  it("bad ids in paths answer id_invalid", async () => {
    for (const path of ["/api/countries/abc/states", "/api/countries/0/states", "/api/optional-subjects/1.5"]) {
      const res = await h.request("GET", path);
      expect(res.status, path).toBe(422);
      expect(res.json.errors.id, path).toEqual(["id_invalid"]);
    }
  });
});
