import { describe, expect, it } from "vitest";
import { homeAfterLogin, isPaymentReturn, parentRedirect, requiredRedirect, type GuardSession } from "./guards";
import type { Permissions } from "./user";

const permissions: Permissions = {
  forum: false,
  exam: false,
  isProfSon: false,
  versPilote: false,
  freeHours: false,
  hasEditDivision: false,
  influencer: false,
  eligibleUserForGift: false,
  takeTrialAdvantage: false,
  search: true,
  changePassword: false,
  discount: false,
};

type Me = GuardSession["me"];
const ready: Me = {
  verified: true,
  completed: true,
  google_id: null,
  facebook_id: null,
  phone: "22000001",
  country: { id: 1, name: "Tunisie" },
  permissions,
};
const session = (me: Partial<Me> = {}, impersonating = false): GuardSession => ({ me: { ...ready, ...me }, impersonating });
const mustChange = { permissions: { ...permissions, changePassword: true } };
const socialIncomplete = { google_id: "g-123", completed: false };

describe("requiredRedirect (SPEC §2 Guards)", () => {
  it("lets a verified, complete user through everywhere", () => {
    for (const path of ["/", "/offres", "/mon-profil", "/confirm", "/update-password"]) expect(requiredRedirect(session(), path)).toBeNull();
  });

  describe("1. unverified → /confirm", () => {
    it("sends an unverified user to /confirm from any page", () => {
      expect(requiredRedirect(session({ verified: false }), "/")).toBe("/confirm");
      expect(requiredRedirect(session({ verified: false }), "/mon-profil/edit")).toBe("/confirm");
      expect(requiredRedirect(session({ verified: false }), "/update-password")).toBe("/confirm");
    });
    it("lets them stay on /confirm", () => expect(requiredRedirect(session({ verified: false }), "/confirm")).toBeNull());
    it("wins over a forced password change and an incomplete profile", () => {
      expect(requiredRedirect(session({ verified: false, ...mustChange, ...socialIncomplete, phone: null }), "/")).toBe("/confirm");
    });
  });

  describe("2. must change password → /update-password", () => {
    it("sends to /update-password and lets them stay there", () => {
      expect(requiredRedirect(session(mustChange), "/")).toBe("/update-password");
      expect(requiredRedirect(session(mustChange), "/confirm")).toBe("/update-password");
      expect(requiredRedirect(session(mustChange), "/update-password")).toBeNull();
    });
    it("wins over an incomplete profile", () => {
      expect(requiredRedirect(session({ ...mustChange, ...socialIncomplete }), "/mon-profil/edit")).toBe("/update-password");
      expect(requiredRedirect(session({ ...mustChange, phone: null }), "/")).toBe("/update-password");
    });
  });

  describe("3. incomplete profile → /mon-profil/edit", () => {
    it("social login (Google or Facebook) with an incomplete profile", () => {
      expect(requiredRedirect(session(socialIncomplete), "/")).toBe("/mon-profil/edit");
      expect(requiredRedirect(session({ facebook_id: "fb-1", completed: false }), "/offres")).toBe("/mon-profil/edit");
    });
    it("a completed social profile passes", () => expect(requiredRedirect(session({ google_id: "g-1", completed: true }), "/")).toBeNull());
    it("an incomplete non-social profile with a phone passes (the rule is for social logins)", () =>
      expect(requiredRedirect(session({ completed: false }), "/")).toBeNull());
    it("no phone with country 1 → edit", () => expect(requiredRedirect(session({ phone: null }), "/")).toBe("/mon-profil/edit"));
    it("no phone with an unknown country counts as Tunisia → edit", () =>
      expect(requiredRedirect(session({ phone: "", country: null }), "/")).toBe("/mon-profil/edit"));
    it("no phone outside Tunisia passes", () => expect(requiredRedirect(session({ phone: null, country: { id: 7, name: "France" } }), "/")).toBeNull());
    it("the edit page itself (and its sub-paths) is allowed", () => {
      expect(requiredRedirect(session({ phone: null }), "/mon-profil/edit")).toBeNull();
      expect(requiredRedirect(session(socialIncomplete), "/mon-profil/edit/photo")).toBeNull();
      expect(requiredRedirect(session({ phone: null }), "/mon-profil")).toBe("/mon-profil/edit");
    });
  });

  it("4. admin impersonation passes every gate", () => {
    const worst = session({ verified: false, ...mustChange, ...socialIncomplete, phone: null, country: null }, true);
    for (const path of ["/", "/confirm", "/update-password", "/mon-profil/edit", "/porte-monnaie"]) expect(requiredRedirect(worst, path)).toBeNull();
  });
});

describe("isPaymentReturn", () => {
  it.each([
    "https://app.darsi.tn/payment/success?orderId=12&lang=fr",
    "/payment/echec?orderId=12",
    "/digitalvirgo/success?x=1",
    "https://app.darsi.tn/digitalvirgo/echec",
  ])("recognises %s", (url) => expect(isPaymentReturn(url)).toBe(true));
  it.each(["/payment", "/payment/redirect/3", "/porte-monnaie", "/digitalvirgo/checkout", "/success", ""])("ignores %j", (url) =>
    expect(isPaymentReturn(url)).toBe(false),
  );
});

describe("homeAfterLogin", () => {
  it("goes to /offres only when nextPage=offres", () => {
    expect(homeAfterLogin("offres")).toBe("/offres");
    expect(homeAfterLogin("Offres")).toBe("/");
    expect(homeAfterLogin("subjects")).toBe("/");
    expect(homeAfterLogin("")).toBe("/");
    expect(homeAfterLogin(null)).toBe("/");
    expect(homeAfterLogin(undefined)).toBe("/");
  });
});

describe("parentRedirect", () => {
  it.each(["/", "/subjects", "/subjects/mathematiques/details", "/porte-monnaie", "/offres", "/exams", "/historique", "/reports", "/liste-de-favoris", "/liste-des-demandes-parentales", "/unknown", "/assistance-x"])(
    "sends a parent from %s to their space",
    (path) => expect(parentRedirect("parent", path)).toBe("/request-parent-user-children"),
  );
  it.each(["/request-parent-user-children", "/request-parent-user-children/", "/assistance", "/mon-profil", "/mon-profil/edit"])("lets a parent open %s", (path) =>
    expect(parentRedirect("parent", path)).toBeNull(),
  );
  it("never moves a pupil", () => {
    expect(parentRedirect("student", "/porte-monnaie")).toBeNull();
    expect(parentRedirect("influencer", "/")).toBeNull();
  });
});
