import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { issuesToErrors } from "./issues";
import { isReference, isTopupAmount, TopupBody, TopupForm } from "./wallet";

const errors = (schema: v.GenericSchema, input: unknown) => {
  const r = v.safeParse(schema, input);
  return r.success ? {} : issuesToErrors(r.issues);
};

describe("top-up rules (SPEC §5)", () => {
  it("takes whole dinars from 1 to 9999, in millimes", () => {
    expect([1_000, 9_999_000, 25_000].every(isTopupAmount)).toBe(true);
    expect([0, -1_000, 10_000_000, 12_500, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1].some(isTopupAmount)).toBe(false);
  });

  it("refuses a bank reference with any whitespace", () => {
    expect(isReference("VIR-2026/001")).toBe(true);
    for (const bad of ["VIR 1", "VIR\t1", "VIR\u00a01", "VIR\u20031", "", "x".repeat(65)]) expect(isReference(bad), bad).toBe(false);
  });

  it("the API body: field codes", () => {
    expect(errors(TopupBody, { amount: 5_000, paymentMethod: "bank" })).toEqual({ reference: ["reference_required"] });
    expect(errors(TopupBody, { paymentMethod: "online" })).toEqual({ amount: ["amount_required"] });
    expect(errors(TopupBody, { amount: "10000000", paymentMethod: "d17" })).toEqual({ amount: ["amount_invalid"] });
    expect(errors(TopupBody, { amount: 5_000, paymentMethod: "d17" })).toEqual({});
  });

  it("the form (dinars as typed): the same rules", () => {
    const base = { paymentMethod: "bank", reference: "VIR-1", comment: "" };
    expect(errors(TopupForm, { ...base, amount: "" })).toEqual({ amount: ["amount_required"] });
    for (const bad of ["0", "10000", "12.5", "-3", "1e3"]) expect(errors(TopupForm, { ...base, amount: bad }), bad).toEqual({ amount: ["amount_invalid"] });
    expect(errors(TopupForm, { ...base, amount: "9999" })).toEqual({});
    expect(errors(TopupForm, { ...base, amount: "20", reference: "VIR 1" })).toEqual({ reference: ["reference_invalid"] });
    expect(errors(TopupForm, { ...base, amount: "20", paymentMethod: "online", reference: "" })).toEqual({});
  });
});
