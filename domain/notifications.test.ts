import { describe, expect, it } from "vitest";
import { effectivePreferences, linkToRoute, NOTIFICATION_CATEGORIES, parsePushPayload, truncateBody } from "./notifications";

const ORIGIN = "https://app.darsi.tn";

describe("linkToRoute", () => {
  it("keeps the app's own paths, and absolute URLs on the app's origin", () => {
    expect(linkToRoute("/inbox/12")).toBe("/inbox/12");
    expect(linkToRoute("/sessions?eventId=3")).toBe("/sessions?eventId=3");
    expect(linkToRoute(`${ORIGIN}/porte-monnaie`, ORIGIN)).toBe("/porte-monnaie");
  });

  it("refuses another origin, protocol-relative and script links, backslashes and non-strings", () => {
    for (const bad of ["https://evil.example/x", "//evil.example/x", "javascript:alert(1)", "/\\evil.example", "", "porte-monnaie", 12, null]) {
      expect(linkToRoute(bad, ORIGIN), String(bad)).toBeNull();
    }
  });
});

describe("parsePushPayload", () => {
  it("reads FCM's web shape: notification, data, fcmOptions.link first", () => {
    const msg = parsePushPayload(
      {
        notification: { title: "Points reçus", body: "10 points" },
        data: { notificationId: "41", userId: "7", url: "/wallet-old", category: "transferPoint" },
        fcmOptions: { link: `${ORIGIN}/porte-monnaie` },
        fcmMessageId: "x",
      },
      ORIGIN,
    );
    expect(msg).toEqual({ notificationId: 41, userId: 7, title: "Points reçus", body: "10 points", route: "/porte-monnaie", category: "transferPoint" });
  });

  it("falls back on data.link, data.url, link, url; then the home page", () => {
    expect(parsePushPayload({ title: "T", data: { link: "/subjects" } })?.route).toBe("/subjects");
    expect(parsePushPayload({ title: "T", url: "/inbox/3" })?.route).toBe("/inbox/3");
    expect(parsePushPayload({ title: "T", link: "https://evil.example/" }, ORIGIN)?.route).toBe("/");
    expect(parsePushPayload({ title: "T", webpush: { fcm_options: { link: `${ORIGIN}/sessions` } } }, ORIGIN)?.route).toBe("/sessions");
  });

  it("needs a title; ids must be positive whole numbers", () => {
    expect(parsePushPayload({ body: "x" })).toBeNull();
    expect(parsePushPayload(null)).toBeNull();
    expect(parsePushPayload({ title: "T", data: { notificationId: "-1", userId: "1.5" } })).toMatchObject({ notificationId: null, userId: null });
  });
});

describe("truncateBody and preferences", () => {
  it("cuts at 50 characters, 25 on narrow screens (SPEC §9), by code point, at a word boundary", () => {
    const body = "La séance de physique de mercredi est déplacée à 18 h.";
    expect(truncateBody(body, true)).toBe("La séance de physique de…");
    // The 50th character is inside "18": the cut backs off to the space before it.
    expect(truncateBody(body, false)).toBe("La séance de physique de mercredi est déplacée à…");
    expect(truncateBody("Votre devoir de mathématiques a été corrigé par le professeur.", false)).toBe("Votre devoir de mathématiques a été corrigé par le…");
    expect(truncateBody("Court", true)).toBe("Court");
    expect(truncateBody("ب".repeat(30), true)).toBe(`${"ب".repeat(25)}…`);
    // The isolate marks around an embedded name (server/services/notifications/texts.ts) are not counted; a cut
    // inside one closes it.
    const named = "استلمت 10 نقاط من \u2068Amine Ben Salah\u2069.";
    expect(truncateBody(named, true)).toBe("استلمت 10 نقاط من \u2068Amine\u2069…");
    expect(truncateBody("\u2068Ali\u2069 a transféré 5 points.", true)).toBe("\u2068Ali\u2069 a transféré 5 points.");
  });

  it("never cuts inside an Arabic word: the ellipsis follows the last whole word (the logical end)", () => {
    const body = "تم تغيير موعد حصة الفيزياء إلى يوم الأربعاء على الساعة السادسة";
    const cut = truncateBody(body, true);
    expect(cut).toBe("تم تغيير موعد حصة…");
    const words = body.split(" ");
    for (const w of cut.slice(0, -1).split(" ")) expect(words).toContain(w);
    expect(Array.from(cut).length).toBeLessThanOrEqual(26);
    expect(truncateBody(body, false)).toBe("تم تغيير موعد حصة الفيزياء إلى يوم الأربعاء على…");
    const long = "أ".repeat(10) + " " + "ب".repeat(40) + " ت";
    expect(truncateBody(long, false)).toBe(`${"أ".repeat(10)}…`);
    // One word longer than the limit: cut at the limit.
    expect(truncateBody("ب".repeat(60), false)).toBe(`${"ب".repeat(50)}…`);
  });

  it("every category is on unless set to 0", () => {
    const prefs = effectivePreferences({ transferPoint: 0, updateSession: 1, unknown: 0 });
    expect(Object.keys(prefs)).toEqual(NOTIFICATION_CATEGORIES);
    expect(prefs.transferPoint).toBe(0);
    expect(prefs.updateSession).toBe(1);
    expect(prefs.paySlice).toBe(1);
  });
});
