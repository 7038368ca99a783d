import { sniffKind } from "./files";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { issuesToErrors } from "./schemas/issues";
import {
  AddEmailSchema,
  ClassChangeSchema,
  governorateEnabled,
  MarksheetFieldsSchema,
  ParentPhoneSchema,
  ProfileUpdateSchema,
  profileTitleKind,
  setAddressField,
  shouldAskParentPhone,
  type Address,
} from "./profile";

const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const r = v.safeParse(schema, input);
  return r.success ? {} : issuesToErrors(r.issues);
};

const valid = {
  name: "Yasmine",
  lastName: "Ben Ali",
  birthDate: "14/03/2008",
  phone: "22000001",
  phone2: "",
  email: "",
  gender: "female",
  division: 18,
  country: 1,
  state: 23,
  delegation: null,
  institute: null,
};

describe("profile fields (SPEC §5 Profile)", () => {
  it("accepts a complete profile, Latin or Arabic names, a birth date as dd/mm/yyyy or yyyy-mm-dd", () => {
    expect(errorsOf(ProfileUpdateSchema, valid)).toEqual({});
    expect(errorsOf(ProfileUpdateSchema, { ...valid, name: "ياسمين", lastName: "بن علي" })).toEqual({});
    const out = v.parse(ProfileUpdateSchema, { ...valid, birthDate: "2008-03-14" });
    expect(out.birthDate).toBe("2008-03-14");
    expect(v.parse(ProfileUpdateSchema, valid).birthDate).toBe("2008-03-14");
  });

  it.each([
    [{ name: "Y" }, "name", "name_invalid"],
    [{ name: "x".repeat(26) }, "name", "name_invalid"],
    [{ lastName: "" }, "lastName", "last_name_required"],
    [{ name: "Ali 2" }, "name", "name_invalid"],
    [{ phone: "2200000" }, "phone", "phone_invalid"],
    [{ phone: "22 000 001" }, "phone", "phone_invalid"],
    [{ phone: "" }, "phone", "phone_required"],
    [{ phone2: "2200000a" }, "phone2", "phone2_invalid"],
    [{ phone2: "22000001" }, "phone2", "phone2_same_as_phone"],
    [{ birthDate: "" }, "birthDate", "birth_date_required"],
    [{ birthDate: "30/02/2008" }, "birthDate", "birth_date_invalid"],
    [{ birthDate: "16/05/2018" }, "birthDate", "birth_date_too_recent"],
    [{ division: "" }, "division", "division_required"],
    [{ state: null }, "state", "country_state_required"],
    [{ gender: "x" }, "gender", "gender_invalid"],
    [{ email: "a@b" }, "email", "email_invalid"],
  ])("refuses %j on %s with %s", (patch, field, code) => {
    expect(errorsOf(ProfileUpdateSchema, { ...valid, ...patch })[field]).toContain(code);
  });

  it("does not require a phone or a governorate outside Tunisia", () => {
    expect(errorsOf(ProfileUpdateSchema, { ...valid, country: 2, state: null, phone: "" })).toEqual({});
  });
});

describe("dependent address selects (SPEC §2)", () => {
  const full: Address = { country: 1, state: 23, delegation: 230, institute: 2301 };
  it("the country clears governorate, delegation and institute", () => {
    expect(setAddressField(full, "country", 2)).toEqual({ country: 2, state: null, delegation: null, institute: null });
  });
  it("the governorate clears delegation and institute", () => {
    expect(setAddressField(full, "state", 20)).toEqual({ country: 1, state: 20, delegation: null, institute: null });
  });
  it("the delegation clears the institute", () => {
    expect(setAddressField(full, "delegation", 231)).toEqual({ ...full, delegation: 231, institute: null });
  });
  it("the institute clears nothing, and the same value changes nothing", () => {
    expect(setAddressField(full, "institute", 2302)).toEqual({ ...full, institute: 2302 });
    expect(setAddressField(full, "state", 23)).toBe(full);
  });
  it("enables the governorate only for country 1", () => {
    expect(governorateEnabled(1)).toBe(true);
    expect(governorateEnabled(2)).toBe(false);
    expect(governorateEnabled(null)).toBe(false);
  });
});

describe("class change (reasons)", () => {
  it("needs a new class and a reason; reason 4 'Autre' needs its text", () => {
    expect(errorsOf(ClassChangeSchema, { reason: 1 }).newDivision).toContain("division_required");
    expect(errorsOf(ClassChangeSchema, { newDivision: 12 }).reason).toContain("reason_required");
    expect(errorsOf(ClassChangeSchema, { newDivision: 12, reason: 4 }).reason2).toContain("reason_other_required");
    expect(errorsOf(ClassChangeSchema, { newDivision: 12, reason: 4, reason2: "   " }).reason2).toContain("reason_other_required");
    expect(v.parse(ClassChangeSchema, { newDivision: "12", reason: "4", reason2: " Je redouble " })).toEqual({
      newDivision: 12,
      reason: 4,
      reason2: "Je redouble",
    });
    expect(errorsOf(ClassChangeSchema, { newDivision: 12, reason: 2 })).toEqual({});
  });
});

describe("e-mail, parent phone, report card fields", () => {
  it("e-mail for sessions: non-empty, no spaces, not numeric, valid", () => {
    expect(errorsOf(AddEmailSchema, { email: "" }).email).toContain("email_required");
    expect(errorsOf(AddEmailSchema, { email: "12345" }).email).toContain("email_invalid");
    expect(errorsOf(AddEmailSchema, { email: "a b@c.tn" }).email).toContain("email_invalid");
    expect(v.parse(AddEmailSchema, { email: " Eleve@Darsi.TN " }).email).toBe("eleve@darsi.tn");
  });
  it("parent phone: 8 digits starting 2, 4, 5 or 9", () => {
    for (const ok of ["22000001", "41234567", "51234567", "98765432"]) expect(errorsOf(ParentPhoneSchema, { phone2: ok })).toEqual({});
    for (const bad of ["12345678", "3123456", "712345678", ""]) expect(errorsOf(ParentPhoneSchema, { phone2: bad }).phone2).toContain("parent_phone_invalid");
  });
  it("report card: trimester 1 to 3 and a class", () => {
    expect(v.parse(MarksheetFieldsSchema, { trimester: "2", division: "18" })).toEqual({ trimester: 2, division: 18 });
    expect(errorsOf(MarksheetFieldsSchema, { trimester: "4", division: 18 }).trimester).toContain("trimester_invalid");
    expect(errorsOf(MarksheetFieldsSchema, { trimester: 1, division: "" }).division).toContain("division_required");
  });
  it("recognises PDF, JPEG, PNG and WebP by their first bytes only", () => {
    const bytes = (s: string | number[]) => (typeof s === "string" ? new TextEncoder().encode(s) : new Uint8Array(s));
    expect(sniffKind(bytes("%PDF-1.7"))).toBe("pdf");
    expect(sniffKind(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffKind(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("png");
    expect(sniffKind(bytes("RIFF1234WEBPVP8 "))).toBe("webp");
    expect(sniffKind(bytes("<html><svg onload=alert(1)>"))).toBeNull();
    expect(sniffKind(bytes("MZ\x90\x00"))).toBeNull();
  });
});

describe("modals and titles", () => {
  const me = { hasPhoneParent: false, country: { id: 1 }, affiliations: [{ id: 1 }] as never[] };
  it("asks for a parent phone without one, in Tunisia or nowhere known, with an offer", () => {
    expect(shouldAskParentPhone(me)).toBe(true);
    expect(shouldAskParentPhone({ ...me, country: null })).toBe(true);
    expect(shouldAskParentPhone({ ...me, hasPhoneParent: true })).toBe(false);
    expect(shouldAskParentPhone({ ...me, country: { id: 2 } })).toBe(false);
    expect(shouldAskParentPhone({ ...me, affiliations: [] })).toBe(false);
  });
  it("titles the editor 'Modifier mon profil' when completed, else 'Compléter vos données'", () => {
    const base = { completed: true, phone: "22000001", country: { id: 1 }, google_id: null, facebook_id: null };
    expect(profileTitleKind(base)).toBe("edit");
    expect(profileTitleKind({ ...base, completed: false, google_id: "g" })).toBe("complete");
    expect(profileTitleKind({ ...base, phone: null })).toBe("complete");
  });
});
