import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { isErrorCode } from "../errors";
import {
  ChangePasswordSchema,
  ConfirmRegistrationSchema,
  CredentialSchema,
  ImpersonationExchangeSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
} from "./auth";
import { issuesToErrors } from "./issues";

const seen = new Set<string>();
/** `{ path: [codes] }` of a failed parse, or null when accepted. Records every code for the catalogue check. */
function errorsOf(schema: v.GenericSchema, input: unknown): Record<string, string[]> | null {
  const errors = rawErrorsOf(schema, input);
  for (const codes of Object.values(errors ?? {})) codes.forEach((c) => seen.add(c));
  return errors;
}
/** Same, without recording: for inputs where valibot's own (non-code) message is expected, see the catalogue test. */
function rawErrorsOf(schema: v.GenericSchema, input: unknown): Record<string, string[]> | null {
  const r = v.safeParse(schema, input);
  return r.success ? null : issuesToErrors(r.issues);
}
function outputOf<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const r = v.safeParse(schema, input);
  if (!r.success) throw new Error(`rejected: ${JSON.stringify(issuesToErrors(r.issues))}`);
  return r.output;
}

describe("Login (SPEC §5)", () => {
  const ok = { username: "eleve@darsi.tn", password: "Darsi#2026" };

  it.each(["+21622000001", "0021622000001", "22000001", "eleve@darsi.tn", "ELEVE@Darsi.TN", "  22000001  "])("accepts username %j", (username) =>
    expect(errorsOf(LoginSchema, { ...ok, username })).toBeNull(),
  );

  it("trims the username and defaults the bot-check token", () => {
    expect(outputOf(LoginSchema, { ...ok, username: " 22000001 " })).toEqual({ username: "22000001", password: "Darsi#2026", "g-recaptcha-response": "" });
  });

  it.each(["12345678", "2200000", "eleve@darsi", "eleve", "+33612345678"])("rejects username %j with username_invalid", (username) =>
    expect(errorsOf(LoginSchema, { ...ok, username })).toEqual({ username: ["username_invalid"] }),
  );

  it("an empty username is username_required (then username_invalid)", () => {
    expect(errorsOf(LoginSchema, { ...ok, username: "   " })).toEqual({ username: ["username_required", "username_invalid"] });
  });

  it("password is required and at least 8 characters", () => {
    expect(errorsOf(LoginSchema, { ...ok, password: "" })).toEqual({ password: ["password_required", "password_min"] });
    expect(errorsOf(LoginSchema, { ...ok, password: "1234567" })).toEqual({ password: ["password_min"] });
    expect(errorsOf(LoginSchema, { ...ok, password: "12345678" })).toBeNull();
  });

  it("a non-string username or password gets the required code", () => {
    expect(errorsOf(LoginSchema, { username: 22000001, password: 12345678 })).toEqual({
      username: ["username_required"],
      password: ["password_required"],
    });
  });

  it("missing fields are rejected on their own path", () => {
    const errors = rawErrorsOf(LoginSchema, {});
    expect(Object.keys(errors ?? {}).sort()).toEqual(["password", "username"]);
  });
});

describe("Registration (SPEC §5)", () => {
  const base = {
    name: "Amine",
    lastName: "Ben Ali",
    phone: "22123456",
    email: "",
    birthDate: "15/05/2018",
    plainPassword: { first: "Abcdef1!", second: "Abcdef1!" },
    country: 1,
    state: 23,
    division: 18,
    optionalSubject: "",
  };
  const abroad = { ...base, phone: "", email: "amine@example.fr", country: 7, state: "" };

  it("accepts a Tunisian pupil with phone and governorate, without e-mail", () => {
    expect(outputOf(RegisterSchema, base)).toMatchObject({ phone: "22123456", email: "", country: 1, state: 23, division: 18, referralCode: "" });
  });

  it.each(["+21622123456", "0021622123456", "22123456", "+216 22 123 456"])("accepts phone %j", (phone) =>
    expect(errorsOf(RegisterSchema, { ...base, phone })).toBeNull(),
  );

  it.each(["12345678", "2200000", "220000001", "abcdefgh"])("rejects phone %j with phone_invalid", (phone) =>
    expect(errorsOf(RegisterSchema, { ...base, phone })).toEqual({ phone: ["phone_invalid"] }),
  );

  describe("phone is required in Tunisia or when the country is unknown, e-mail outside Tunisia", () => {
    it("Tunisia without phone → phone_required", () => {
      expect(errorsOf(RegisterSchema, { ...base, phone: "" })).toEqual({ phone: ["phone_required"] });
      expect(errorsOf(RegisterSchema, { ...base, phone: "   " })).toEqual({ phone: ["phone_required"] });
    });
    it.each([null, "", undefined])("unknown country (%j) without phone → phone_required", (country) =>
      expect(errorsOf(RegisterSchema, { ...base, phone: "", country, state: "" })).toEqual({ phone: ["phone_required"] }),
    );
    it("unknown country with a phone and no e-mail nor governorate is accepted", () =>
      expect(errorsOf(RegisterSchema, { ...base, country: null, state: null })).toBeNull());
    it("outside Tunisia an e-mail without phone is enough", () => expect(errorsOf(RegisterSchema, abroad)).toBeNull());
    it("outside Tunisia without e-mail → email_required (even with a phone)", () => {
      expect(errorsOf(RegisterSchema, { ...abroad, email: "" })).toEqual({ email: ["email_required"] });
      expect(errorsOf(RegisterSchema, { ...abroad, email: "", phone: "22123456" })).toEqual({ email: ["email_required"] });
    });
    it("the country may come as a digit string", () => {
      expect(outputOf(RegisterSchema, { ...abroad, country: "7" })).toMatchObject({ country: 7 });
      expect(errorsOf(RegisterSchema, { ...abroad, country: "1", state: 3 })).toEqual({ phone: ["phone_required"] });
    });
    it("a given e-mail must be valid and is lower-cased", () => {
      expect(errorsOf(RegisterSchema, { ...base, email: "amine@example" })).toEqual({ email: ["email_invalid"] });
      expect(outputOf(RegisterSchema, { ...base, email: " Amine@Example.TN " })).toMatchObject({ email: "amine@example.tn" });
    });
  });

  describe("governorate required in Tunisia only", () => {
    it.each(["", null, undefined])("Tunisia with state %j → state_required", (state) =>
      expect(errorsOf(RegisterSchema, { ...base, state })).toEqual({ state: ["state_required"] }),
    );
    it("outside Tunisia no governorate is needed", () => expect(errorsOf(RegisterSchema, { ...abroad, state: undefined })).toBeNull());
  });

  describe("birth date dd/mm/yyyy before 16 May 2018", () => {
    it("15/05/2018 is accepted (kept as typed)", () => expect(outputOf(RegisterSchema, base)).toMatchObject({ birthDate: "15/05/2018" }));
    it("16/05/2018 → birth_date_too_recent", () =>
      expect(errorsOf(RegisterSchema, { ...base, birthDate: "16/05/2018" })).toEqual({ birthDate: ["birth_date_too_recent"] }));
    it("01/01/2024 → birth_date_too_recent", () =>
      expect(errorsOf(RegisterSchema, { ...base, birthDate: "01/01/2024" })).toEqual({ birthDate: ["birth_date_too_recent"] }));
    it.each(["31/02/2010", "2010-05-15", "5/5/2010", "31/04/2012"])("%j → birth_date_invalid", (birthDate) =>
      expect(errorsOf(RegisterSchema, { ...base, birthDate })?.birthDate?.[0]).toBe("birth_date_invalid"),
    );
    it("empty → birth_date_required", () => expect(errorsOf(RegisterSchema, { ...base, birthDate: "" })?.birthDate?.[0]).toBe("birth_date_required"));
  });

  describe("password 8–16 with upper, lower, digit, special and an equal confirmation", () => {
    const pw = (first: string, second = first) => ({ ...base, plainPassword: { first, second } });
    it("16 characters is accepted", () => expect(errorsOf(RegisterSchema, pw("Abcdefgh12345!@#"))).toBeNull());
    it.each([
      ["Abc1!xy", "password_length"],
      ["Abcdefgh12345!@#X", "password_too_long"],
      ["abcdefg1!", "password_weak"],
      ["ABCDEFG1!", "password_weak"],
      ["Abcdefgh!", "password_weak"],
      ["Abcdefgh1", "password_weak"],
    ])("%j → plainPassword.first %s", (p, code) => expect(errorsOf(RegisterSchema, pw(p))).toEqual({ "plainPassword.first": [code] }));
    it("a different confirmation → plainPassword.second password_mismatch", () =>
      expect(errorsOf(RegisterSchema, pw("Abcdef1!", "Abcdef1?"))).toEqual({ "plainPassword.second": ["password_mismatch"] }));
    it("an empty confirmation → password_required", () =>
      expect(errorsOf(RegisterSchema, pw("Abcdef1!", ""))?.["plainPassword.second"]?.[0]).toBe("password_required"));
  });

  describe("names and class", () => {
    it("name and last name are required, 2–25 letters", () => {
      expect(errorsOf(RegisterSchema, { ...base, name: "" })?.name?.[0]).toBe("name_required");
      expect(errorsOf(RegisterSchema, { ...base, name: "A" })).toEqual({ name: ["name_invalid"] });
      expect(errorsOf(RegisterSchema, { ...base, lastName: "B".repeat(26) })).toEqual({ lastName: ["last_name_invalid"] });
      expect(errorsOf(RegisterSchema, { ...base, lastName: "Ben4li" })).toEqual({ lastName: ["last_name_invalid"] });
      expect(errorsOf(RegisterSchema, { ...base, name: "أمين", lastName: "بن علي" })).toBeNull();
    });
    it.each(["", null, undefined, "abc"])("division %j → division_required", (division) =>
      expect(errorsOf(RegisterSchema, { ...base, division })?.division?.[0]).toBe("division_required"),
    );
    it("division 0 is rejected on the division field", () =>
      expect(Object.keys(rawErrorsOf(RegisterSchema, { ...base, division: 0 }) ?? {})).toEqual(["division"]));
    it("division and optional subject accept digit strings", () =>
      expect(outputOf(RegisterSchema, { ...base, division: "18", optionalSubject: "101" })).toMatchObject({ division: 18, optionalSubject: 101 }));
  });
});

describe("Verification and reset-request inputs", () => {
  it("confirm-registration token: exactly 6 alphanumerics", () => {
    expect(outputOf(ConfirmRegistrationSchema, { token: "ab12CD" })).toEqual({ token: "ab12CD" });
    expect(errorsOf(ConfirmRegistrationSchema, { token: "ab12C" })).toEqual({ token: ["code_invalid"] });
    expect(errorsOf(ConfirmRegistrationSchema, { token: "ab12CD7" })).toEqual({ token: ["code_invalid"] });
    expect(errorsOf(ConfirmRegistrationSchema, { token: "ab 2CD" })).toEqual({ token: ["code_invalid"] });
    expect(errorsOf(ConfirmRegistrationSchema, { token: "" })?.token?.[0]).toBe("code_required");
  });

  it("request-password credential: phone or e-mail", () => {
    expect(errorsOf(CredentialSchema, { credentiel: "0021622000001" })).toBeNull();
    expect(errorsOf(CredentialSchema, { credentiel: "Eleve@Darsi.tn" })).toBeNull();
    expect(errorsOf(CredentialSchema, { credentiel: "12345678" })).toEqual({ credentiel: ["username_invalid"] });
    expect(errorsOf(CredentialSchema, { credentiel: "" })?.credentiel?.[0]).toBe("credential_required");
  });
});

describe("Password reset (SPEC §5: registration rules, no run of six identical characters, confirmation)", () => {
  const ok = { token: "ABC123", credential: "22000001", newPassword: "Aaaaa1!x", retypePassword: "Aaaaa1!x" };
  const withNew = (p: string) => ({ ...ok, newPassword: p, retypePassword: p });

  it("accepts a run of five identical characters", () => {
    expect(errorsOf(ResetPasswordSchema, ok)).toBeNull();
    expect(errorsOf(ResetPasswordSchema, withNew("Abbbbb1!"))).toBeNull();
  });
  it("accepts an e-mail credential", () => expect(errorsOf(ResetPasswordSchema, { ...ok, credential: "eleve@darsi.tn" })).toBeNull());
  it("a run of six → newPassword password_repeated", () =>
    expect(errorsOf(ResetPasswordSchema, withNew("Abbbbbb1!"))).toEqual({ newPassword: ["password_repeated"] }));
  it("a run of six digits counts too", () =>
    expect(errorsOf(ResetPasswordSchema, withNew("Ab!1111119"))).toEqual({ newPassword: ["password_repeated"] }));
  it.each([
    ["Ab1!xyz", "password_length"],
    ["Abcdefgh12345!@#X", "password_too_long"],
    ["abcdefg1!", "password_weak"],
  ])("%j → newPassword %s", (p, code) => expect(errorsOf(ResetPasswordSchema, withNew(p))).toEqual({ newPassword: [code] }));
  it("a different confirmation → retypePassword password_mismatch", () =>
    expect(errorsOf(ResetPasswordSchema, { ...ok, retypePassword: "Aaaaa1!y" })).toEqual({ retypePassword: ["password_mismatch"] }));
  it("the code is required and must have 6 alphanumerics", () => {
    expect(errorsOf(ResetPasswordSchema, { ...ok, token: "" })?.token?.[0]).toBe("code_required");
    expect(errorsOf(ResetPasswordSchema, { ...ok, token: "ABC12" })).toEqual({ token: ["code_invalid"] });
  });
  it("the credential is required and must be a phone or an e-mail", () => {
    expect(errorsOf(ResetPasswordSchema, { ...ok, credential: "" })?.credential?.[0]).toBe("credential_required");
    expect(errorsOf(ResetPasswordSchema, { ...ok, credential: "12345678" })).toEqual({ credential: ["username_invalid"] });
  });
});

describe("Change password (SPEC §5: required, ≤16, complexity, no run of three, confirmation, new ≠ old)", () => {
  const ok = { oldPassword: "Darsi#2026", newPassword: "Nouveau#2027", new_password_confirmation: "Nouveau#2027" };
  const withNew = (p: string) => ({ ...ok, newPassword: p, new_password_confirmation: p });

  it("accepts a valid change (runs of two are fine)", () => {
    expect(errorsOf(ChangePasswordSchema, ok)).toBeNull();
    expect(errorsOf(ChangePasswordSchema, withNew("Aab11!!cC"))).toBeNull();
  });
  it("a run of three → newPassword password_repeated", () => {
    expect(errorsOf(ChangePasswordSchema, withNew("Abbb1!cd"))).toEqual({ newPassword: ["password_repeated"] });
    expect(errorsOf(ChangePasswordSchema, withNew("Abc1!!!d"))).toEqual({ newPassword: ["password_repeated"] });
  });
  it("new password longer than 16 → password_too_long", () =>
    expect(errorsOf(ChangePasswordSchema, withNew("Abcdefgh12345!@#X"))).toEqual({ newPassword: ["password_too_long"] }));
  it("old password longer than 16 → oldPassword password_too_long", () =>
    expect(errorsOf(ChangePasswordSchema, { ...ok, oldPassword: "Abcdefgh12345!@#X" })).toEqual({ oldPassword: ["password_too_long"] }));
  it("new password shorter than 8 → password_length, without complexity → password_weak", () => {
    expect(errorsOf(ChangePasswordSchema, withNew("Ab1!xyz"))).toEqual({ newPassword: ["password_length"] });
    expect(errorsOf(ChangePasswordSchema, withNew("abcdefg1!"))).toEqual({ newPassword: ["password_weak"] });
  });
  it("a different confirmation → new_password_confirmation new_password_mismatch", () =>
    expect(errorsOf(ChangePasswordSchema, { ...ok, new_password_confirmation: "Nouveau#2028" })).toEqual({
      new_password_confirmation: ["new_password_mismatch"],
    }));
  it("the new password must differ from the old one → newPassword password_same_as_old", () =>
    expect(errorsOf(ChangePasswordSchema, withNew("Darsi#2026"))).toEqual({ newPassword: ["password_same_as_old"] }));
  it("all three are required", () => {
    expect(errorsOf(ChangePasswordSchema, { ...ok, oldPassword: "" })).toEqual({ oldPassword: ["old_password_required"] });
    expect(errorsOf(ChangePasswordSchema, { ...ok, newPassword: "" })?.newPassword?.[0]).toBe("password_required");
    expect(errorsOf(ChangePasswordSchema, { ...ok, new_password_confirmation: "" })?.new_password_confirmation?.[0]).toBe("password_required");
  });
});

describe("Impersonation exchange", () => {
  const ok = { token: "x".repeat(43), adminId: 6, userId: "2" };
  it("accepts a link token with numeric ids", () => expect(outputOf(ImpersonationExchangeSchema, ok)).toEqual({ token: "x".repeat(43), adminId: 6, userId: 2 }));
  it("rejects short or huge tokens with token_invalid", () => {
    expect(errorsOf(ImpersonationExchangeSchema, { ...ok, token: "short" })).toEqual({ token: ["token_invalid"] });
    expect(errorsOf(ImpersonationExchangeSchema, { ...ok, token: "x".repeat(201) })).toEqual({ token: ["token_invalid"] });
  });
  it("rejects non-positive ids", () => expect(Object.keys(rawErrorsOf(ImpersonationExchangeSchema, { ...ok, adminId: 0 }) ?? {})).toEqual(["adminId"]));
});

describe("error catalogue", () => {
  it("every code the auth schemas produced above is declared in domain/errors", () => {
    expect(seen.size).toBeGreaterThan(20);
    const unknown = [...seen].filter((c) => !isErrorCode(c));
    expect(unknown).toEqual([]);
  });
});
