import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { normalizeSearch } from "../learning";
import { issuesToErrors } from "./issues";
import { AutocompleteSchema, PageQuery, slugSchema, VideoReportSchema } from "./learning";

const messages = (schema: v.GenericSchema, input: unknown) => {
  const r = v.safeParse(schema, input);
  return r.success ? [] : Object.values(issuesToErrors(r.issues)).flat();
};

describe("learning schemas", () => {
  it("slugs: a-z, 0-9 and dashes, 1 to 80", () => {
    for (const ok of ["mathematiques", "le-poeme-moderne", "a", "x".repeat(80), "session-2025"]) expect(v.is(slugSchema, ok), ok).toBe(true);
    for (const bad of ["", "Maths", "a_b", "é", "x".repeat(81), "a/b", 12]) expect(messages(slugSchema, bad), String(bad)).toEqual(["slug_invalid"]);
  });

  it("paging: 10/25/100, default 10 and page 1", () => {
    expect(v.parse(PageQuery, {})).toEqual({ page: 1, perPage: 10 });
    expect(v.parse(PageQuery, { page: "3", perPage: "100" })).toEqual({ page: 3, perPage: 100 });
    expect(messages(PageQuery, { perPage: "50" })).toEqual(["per_page_invalid"]);
    expect(messages(PageQuery, { page: "0" })).toEqual(["page_invalid"]);
  });

  it("autocomplete: 3+ characters after trimming, one code per failure", () => {
    expect(v.parse(AutocompleteSchema, { term: "  lim " })).toEqual({ term: "lim" });
    expect(messages(AutocompleteSchema, { term: " ab " })).toEqual(["term_too_short"]);
    expect(messages(AutocompleteSchema, { term: "   " })).toEqual(["term_required"]);
    expect(messages(AutocompleteSchema, { term: "x".repeat(101) })).toEqual(["term_too_long"]);
  });

  it("video report: reason and description required", () => {
    expect(v.parse(VideoReportSchema, { content: "12", reportReason: "4", description: " Rien " })).toEqual({ content: 12, reportReason: 4, description: "Rien" });
    expect(messages(VideoReportSchema, { content: 1, reportReason: 1, description: " " })).toEqual(["description_required"]);
    expect(messages(VideoReportSchema, { content: 1, description: "x" })).toEqual(["report_reason_required"]);
  });

  it("normalizeSearch folds case, accents and spaces", () => {
    expect(normalizeSearch("  DÉRIVABILITÉ   et  Continuité ")).toBe("derivabilite et continuite");
    expect(normalizeSearch("Français")).toBe("francais");
  });
});
