import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { offersSearchSchema, safeRedirect } from "./search";

describe("safeRedirect", () => {
  it("keeps a path of the app, drops anything that leaves it", () => {
    expect(safeRedirect("/subjects/maths/chapters/limites/lessons/l1/content")).toBe("/subjects/maths/chapters/limites/lessons/l1/content");
    expect(safeRedirect("/sessions?eventId=3")).toBe("/sessions?eventId=3");
    for (const bad of ["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)", "subjects", "/a\u0000b", 42, null, "/" + "a".repeat(600)]) {
      expect(safeRedirect(bad), String(bad)).toBeUndefined();
    }
  });

  it("the search of /offres: a bad redirect or payment is dropped, not an error", () => {
    expect(v.parse(offersSearchSchema, { redirect: "//evil", payment: "nope" })).toEqual({ redirect: undefined, payment: undefined });
    expect(v.parse(offersSearchSchema, { redirect: "/subjects", payment: "success" })).toEqual({ redirect: "/subjects", payment: "success" });
  });
});
