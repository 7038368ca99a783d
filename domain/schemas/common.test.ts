import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { isErrorCode } from "../errors";
import {
  botCheckField,
  idSchema,
  INT32_MAX,
  intSchema,
  isBirthDateAllowed,
  isEmail,
  isStrongPassword,
  isTunisianPhone,
  longestRun,
  nameSchema,
  newPasswordSchema,
  normalizePhone,
  parseDdMmYyyy,
  verificationCodeSchema,
} from "./common";
import { issuesToErrors } from "./issues";

/** `{ path: [codes] }` of a failed parse, or null when the input is accepted. */
function errorsOf(schema: v.GenericSchema, input: unknown): Record<string, string[]> | null {
  const r = v.safeParse(schema, input);
  return r.success ? null : issuesToErrors(r.issues);
}
function outputOf<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const r = v.safeParse(schema, input);
  if (!r.success) throw new Error(`rejected: ${JSON.stringify(issuesToErrors(r.issues))}`);
  return r.output;
}
const wrap = (schema: v.GenericSchema) => v.object({ f: schema });

describe("Tunisian phone (SPEC §5: optional +216 or 00216, then 8 digits starting 2, 4, 5 or 9)", () => {
  it.each(["22000001", "+21622000001", "0021622000001", "40000000", "50123456", "99999999", "+216 22 000 001", "00216 9 8765432"])(
    "accepts %s",
    (phone) => expect(isTunisianPhone(phone)).toBe(true),
  );

  it.each([
    ["12345678", "first digit 1"],
    ["32000000", "first digit 3"],
    ["70000000", "landline prefix 7"],
    ["2200000", "7 digits"],
    ["220000011", "9 digits"],
    ["+21612345678", "prefix then bad first digit"],
    ["0021722000001", "foreign prefix 00217"],
    ["+3322000001", "foreign prefix +33"],
    ["21622000001", "216 without + or 00"],
    ["2200000a", "letter"],
    ["", "empty"],
  ])("rejects %s (%s)", (phone) => expect(isTunisianPhone(phone)).toBe(false));

  it("normalises every written form to the 8 digits", () => {
    expect(normalizePhone("+21622000001")).toBe("22000001");
    expect(normalizePhone("0021622000001")).toBe("22000001");
    expect(normalizePhone("+216 22 000 001")).toBe("22000001");
    expect(normalizePhone("22000001")).toBe("22000001");
  });
});

describe("e-mail", () => {
  it.each(["eleve@darsi.tn", "ELEVE@Darsi.TN", "a.b+c@sub.example.org"])("accepts %s", (e) => expect(isEmail(e)).toBe(true));
  it.each(["eleve@darsi", "eleve@darsi.t", "@darsi.tn", "eleve darsi@x.tn", "eleve@@darsi.tn", "22000001", ""])("rejects %s", (e) =>
    expect(isEmail(e)).toBe(false),
  );
});

describe("birth date dd/mm/yyyy", () => {
  it("parses real days into ISO dates", () => {
    expect(parseDdMmYyyy("15/05/2018")).toBe("2018-05-15");
    expect(parseDdMmYyyy("29/02/2012")).toBe("2012-02-29");
    expect(parseDdMmYyyy(" 01/01/1900 ")).toBe("1900-01-01");
    expect(parseDdMmYyyy("31/12/2099")).toBe("2099-12-31");
  });

  it.each([
    "31/02/2010",
    "29/02/2011",
    "31/04/2010",
    "00/01/2010",
    "01/00/2010",
    "01/13/2010",
    "32/01/2010",
    "1/5/2010",
    "2010-05-15",
    "15-05-2010",
    "01/01/1899",
    "01/01/2100",
    "",
  ])("rejects %j", (s) => expect(parseDdMmYyyy(s)).toBeNull());

  it("allows only birth dates strictly before 16 May 2018 (age at least 5)", () => {
    expect(isBirthDateAllowed("2018-05-15")).toBe(true);
    expect(isBirthDateAllowed("2000-01-01")).toBe(true);
    expect(isBirthDateAllowed("2018-05-16")).toBe(false);
    expect(isBirthDateAllowed("2020-01-01")).toBe(false);
  });
});

describe("password helpers", () => {
  it("measures the longest run of one repeated character", () => {
    expect(longestRun("")).toBe(0);
    expect(longestRun("abc")).toBe(1);
    expect(longestRun("aabbb")).toBe(3);
    expect(longestRun("xaaaaaay")).toBe(6);
    expect(longestRun("ééé1")).toBe(3);
    expect(longestRun("aAaA")).toBe(1);
  });

  it("requires upper, lower, digit and special character", () => {
    expect(isStrongPassword("Abcdef1!")).toBe(true);
    expect(isStrongPassword("abcdef1!")).toBe(false);
    expect(isStrongPassword("ABCDEF1!")).toBe(false);
    expect(isStrongPassword("Abcdefg!")).toBe(false);
    expect(isStrongPassword("Abcdefg1")).toBe(false);
  });

  const pw = wrap(newPasswordSchema);
  it.each(["Abcdef1!", "Darsi#2026", "Abcdefgh12345!@#"])("registration password %s (8–16, complex) is accepted", (p) =>
    expect(errorsOf(pw, { f: p })).toBeNull(),
  );
  it.each([
    ["", ["password_required", "password_length", "password_weak"]],
    ["Abc1!xy", ["password_length"]],
    ["Abcdefgh12345!@#X", ["password_too_long"]],
    ["abcdefg1!", ["password_weak"]],
    ["ABCDEFG1!", ["password_weak"]],
    ["Abcdefgh!", ["password_weak"]],
    ["Abcdefgh1", ["password_weak"]],
  ])("registration password %j is rejected with %j", (p, codes) => expect(errorsOf(pw, { f: p })).toEqual({ f: codes }));
  it("a non-string password is password_required", () => expect(errorsOf(pw, { f: 12345678 })).toEqual({ f: ["password_required"] }));
});

describe("names (2–25 Latin or Arabic letters, single separators)", () => {
  const name = wrap(nameSchema("name_required", "name_invalid"));
  const last = wrap(nameSchema("last_name_required", "last_name_invalid"));
  it.each(["Yasmine", "Ben Salah", "Aït-Ali", "O'Neil", "ياسمين", "محمد علي", "Al", "A".repeat(25)])("accepts %j", (n) =>
    expect(errorsOf(name, { f: n })).toBeNull(),
  );
  it("trims surrounding spaces", () => expect(outputOf(name, { f: "  Ali  " })).toEqual({ f: "Ali" }));
  it.each(["A", "A".repeat(26), "Yasmine2", "Jean  Pierre", "Jean-", "Yas_mine", "Ивaн"])("rejects %j with name_invalid", (n) => {
    const errors = errorsOf(name, { f: n });
    expect(errors?.f?.length).toBeGreaterThan(0);
    expect(new Set(errors?.f)).toEqual(new Set(["name_invalid"]));
  });
  it("empty is name_required first", () => expect(errorsOf(name, { f: "  " })?.f?.[0]).toBe("name_required"));
  it("the last-name variant has its own codes", () => {
    expect(errorsOf(last, { f: "" })?.f?.[0]).toBe("last_name_required");
    expect(errorsOf(last, { f: "X" })).toEqual({ f: ["last_name_invalid"] });
  });
});

describe("verification code (exactly 6 alphanumerics)", () => {
  const code = wrap(verificationCodeSchema);
  it.each(["A1B2C3", "abc123", "ZZZZZZ", "000000"])("accepts %s", (c) => expect(errorsOf(code, { f: c })).toBeNull());
  it("trims", () => expect(outputOf(code, { f: " ABC123 " })).toEqual({ f: "ABC123" }));
  it.each(["ABC12", "ABC1234", "ABC-12", "ÀBC123", "AB C12"])("rejects %j with code_invalid", (c) =>
    expect(errorsOf(code, { f: c })).toEqual({ f: ["code_invalid"] }),
  );
  it("empty is code_required", () => expect(errorsOf(code, { f: "" })?.f?.[0]).toBe("code_required"));
  it("a missing code is rejected", () => expect(errorsOf(code, {})?.f?.length).toBeGreaterThan(0));
});

describe("ids", () => {
  const id = wrap(idSchema);
  it("accepts positive integers, also as digit strings (path params)", () => {
    expect(outputOf(id, { f: 1 })).toEqual({ f: 1 });
    expect(outputOf(id, { f: "23" })).toEqual({ f: 23 });
  });
  it.each([0, -1, 1.5, "0", "abc", "1.5", "-3", "", null])("rejects %j", (x) => expect(errorsOf(id, { f: x })).not.toBeNull());
  it("accepts the largest int4, 2,147,483,647, as a number and as a string", () => {
    expect(outputOf(id, { f: INT32_MAX })).toEqual({ f: 2_147_483_647 });
    expect(outputOf(id, { f: "2147483647" })).toEqual({ f: 2_147_483_647 });
  });
  it.each([2_147_483_648, "2147483648", "99999999999999999999", 1e20, Infinity, -Infinity, NaN, "1e309", "NaN", "-0", " 1", "0x10", true, [], {}])(
    "rejects %j (beyond an int4 column, or not a whole number) with id_invalid",
    (x) => expect([...new Set(errorsOf(id, { f: x })?.f)]).toEqual(["id_invalid"]),
  );
});

describe("intSchema", () => {
  const page = wrap(intSchema("page_invalid", 1, 500));
  it("keeps its bounds and its code", () => {
    expect(outputOf(page, { f: "500" })).toEqual({ f: 500 });
    expect(errorsOf(page, { f: 501 })).toEqual({ f: ["page_invalid"] });
    expect(errorsOf(page, { f: "0" })).toEqual({ f: ["page_invalid"] });
  });
  it("never takes more than an int4, whatever its maximum says", () => {
    expect(errorsOf(wrap(intSchema("validation_failed")), { f: 2 ** 31 })).toEqual({ f: ["validation_failed"] });
    expect(outputOf(wrap(intSchema("validation_failed")), { f: 0 })).toEqual({ f: 0 });
  });
});

describe("bot-check field and issue mapping", () => {
  it("g-recaptcha-response is optional and defaults to an empty string", () => {
    const s = v.object({ ...botCheckField });
    expect(outputOf(s, {})).toEqual({ "g-recaptcha-response": "" });
    expect(outputOf(s, { "g-recaptcha-response": "tok" })).toEqual({ "g-recaptcha-response": "tok" });
  });

  it("issuesToErrors joins nested paths with dots and puts path-less issues under _", () => {
    const s = v.pipe(
      v.object({ a: v.object({ b: v.pipe(v.string(), v.minLength(2, "name_invalid")) }) }),
      v.check(() => false, "validation_failed"),
    );
    expect(errorsOf(s, { a: { b: "x" } })).toEqual({ "a.b": ["name_invalid"], _: ["validation_failed"] });
    expect(errorsOf(s, { a: { b: "xy" } })).toEqual({ _: ["validation_failed"] });
  });

  it("every code used above is a known error code", () => {
    for (const c of ["password_required", "password_length", "password_too_long", "password_weak", "name_invalid", "code_invalid", "code_required"]) {
      expect(isErrorCode(c)).toBe(true);
    }
    expect(isErrorCode("nope")).toBe(false);
  });
});
