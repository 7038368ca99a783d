import { describe, expect, it } from "vitest";
import { FORUM_GROUPS, forumWarning, hasForumAccess, hasGroup, hasOffers, parrainPath, pointsLabelVariant, type Affiliation } from "./user";

const aff = (groupId: number, period = "year"): Affiliation => ({
  id: groupId * 10,
  offer_id: groupId,
  group: { id: groupId, name: `group ${groupId}` },
  period,
  start_date: "2025-09-15",
  end_date: "2026-06-30",
});

describe("offer groups", () => {
  it("hasGroup matches any affiliation's group id", () => {
    expect(hasGroup([aff(35), aff(107)], [107, 112])).toBe(true);
    expect(hasGroup([aff(35)], [107, 112])).toBe(false);
    expect(hasGroup([], [35])).toBe(false);
  });

  it("hasOffers", () => {
    expect(hasOffers({ affiliations: [] })).toBe(false);
    expect(hasOffers({ affiliations: [aff(36, "month")] })).toBe(true);
  });
});

describe("forum (SPEC §6: Silver+ or Gold for the whole year)", () => {
  it("the forum groups are Silver+ (34) and Gold (35)", () => expect([...FORUM_GROUPS]).toEqual([34, 35]));

  it("opens for Silver+ or Gold full year", () => {
    expect(hasForumAccess([aff(34)])).toBe(true);
    expect(hasForumAccess([aff(36, "month"), aff(35)])).toBe(true);
    expect(forumWarning([aff(35)])).toBeNull();
  });

  it("stays closed for Gold by the month or other plans for the year", () => {
    expect(hasForumAccess([aff(35, "month")])).toBe(false);
    expect(hasForumAccess([aff(36)])).toBe(false);
    expect(hasForumAccess([])).toBe(false);
  });

  it("warns 'upgrade' with an offer of group 33, else 'no_access'", () => {
    expect(forumWarning([aff(33, "week")])).toBe("upgrade");
    expect(forumWarning([aff(35, "month")])).toBe("no_access");
    expect(forumWarning([])).toBe("no_access");
  });
});

describe("wallet label variant (1 point, 2 to 10, more)", () => {
  it.each([
    [1000, "one"],
    [2000, "few"],
    [10_000, "few"],
    [11_000, "many"],
    [120_000, "many"],
    [2_500, "many"],
    [0, "many"],
  ] as const)("%i millimes → %s", (points, variant) => expect(pointsLabelVariant(points)).toBe(variant));
});

describe("Parrain entry", () => {
  it("goes to /gift-code when a gift code exists, else /generate-gift-code", () => {
    expect(parrainPath({ gift_code: "CP-ABC123" })).toBe("/gift-code");
    expect(parrainPath({ gift_code: null })).toBe("/generate-gift-code");
    expect(parrainPath({ gift_code: "" })).toBe("/generate-gift-code");
  });
});
