import { describe, expect, it } from "vitest";
import { navEntries } from "./nav";

describe("sidebar entries on a class tablet (issue 23 kiosk)", () => {
  it("leaves the sidebar's entries of money out in class mode only", () => {
    const me = { user_type: "student" as const, gift_code: "ABC", permissions: { exam: true, influencer: true, eligibleUserForGift: true } } as unknown as Parameters<typeof navEntries>[0];
    const keys = (classMode: boolean) => navEntries(me, classMode).map((e) => e.key);
    expect(keys(false)).toEqual(expect.arrayContaining(["offers", "wallet", "revenue", "parrain", "forum", "subjects"]));
    expect(keys(true)).toEqual(keys(false).filter((k) => !["offers", "wallet", "revenue", "parrain"].includes(k)));
  });
});
