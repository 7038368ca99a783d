/**
 * The notification templates (server/services/notifications/texts.ts): every type the server produces yields a
 * non-empty title and body in French, English and Arabic, the English and Arabic ones are not the French text and
 * carry no French words (what people wrote aside: their runs isolated with FSI … PDI; codes aside), catalogue names
 * come in the pupil's language (isolated with its direction, LRI/RLI … PDI) with the French as fallback (then FSI), dates
 * in the language in Africa/Tunis time, amounts in dinars.
 */
import { describe, expect, it } from "vitest";
import { tnd } from "../../domain/money";
import * as T from "../../server/services/notifications/texts";
import { renderMessage } from "../../server/services/messages/texts";

const offer = { fr: "Gold année", en: "Gold year", ar: "ذهبي سنوي" };
const event = { fr: "Révision des suites", en: "Sequences revision", ar: "مراجعة المتتاليات" };
const subject = { fr: "Mathématiques", en: "Mathematics", ar: "الرياضيات" };
const lesson = { fr: "Les suites numériques", en: "Number sequences", ar: "المتتاليات العددية" };
// 16:00 UTC is 17:00 in Tunis.
const start = new Date("2026-12-01T16:00:00Z");

/** Every server-produced type with its texts (one entry per template and variant). */
const BY_TYPE: Record<string, T.NotificationTexts> = {
  password_changed: T.passwordChanged(),
  instalment_due: T.instalmentDue({ next: 2, of: 3, offer, dueBefore: "2026-12-08" }),
  operator_renewal_refused: T.operatorRenewalRefused({ endDate: "2026-12-08", offer: { fr: "Silver", en: "Silver", ar: "فضي" } }),
  gift_code_used: T.giftCodeUsed({ code: "CP-YASMINE", earned: tnd(2) + 500 }),
  gift_code_used_nothing_earned: T.giftCodeUsed({ code: "CP-YASMINE", earned: 0 }),
  parent_request_created: T.parentRequestCreated({ child: "Amine Ben Ali" }),
  parent_request_approved: T.parentRequestAnswered({ parent: "Sonia Ben Ali", approved: true }),
  parent_request_refused: T.parentRequestAnswered({ parent: "Sonia Ben Ali", approved: false }),
  video_report_pending: T.videoReportStatus({ reportId: 7, status: "Pending", rejectReason: null }),
  video_report_in_progress: T.videoReportStatus({ reportId: 7, status: "In progress", rejectReason: null }),
  video_report_resolved: T.videoReportStatus({ reportId: 7, status: "Resolved", rejectReason: null }),
  video_report_rejected: T.videoReportStatus({ reportId: 7, status: "Rejected", rejectReason: "Vidéo correcte" }),
  transfer_to_confirm: T.transferToConfirm({ points: tnd(10), to: "Yasmine Trabelsi" }),
  transfer_received: T.transferReceived({ points: tnd(10), from: "Yasmine Trabelsi" }),
  // An operator's subscriber who has not given a name (null): the label in each language, not the stored French.
  transfer_received_from_subscriber: T.transferReceived({ points: tnd(10), from: null }),
  transfer_to_confirm_to_subscriber: T.transferToConfirm({ points: tnd(10), to: null }),
  parent_request_created_by_subscriber: T.parentRequestCreated({ child: null }),
  session_moved: T.sessionMoved({ event, start }),
  new_content: T.newContent({ recording: false, subject, content: lesson }),
  new_recording: T.newContent({ recording: true, subject, content: lesson }),
  gift_order_approved: T.giftOrderStatus({ orderId: 12, status: "approved", reason: null }),
  gift_order_rejected: T.giftOrderStatus({ orderId: 12, status: "rejected", reason: "Rupture de stock" }),
  gift_order_shipped: T.giftOrderStatus({ orderId: 12, status: "shipped", reason: null }),
  gift_order_delivered: T.giftOrderStatus({ orderId: 12, status: "delivered", reason: null }),
};

/**
 * The sentence without what people wrote (FSI runs: names, an operator's reason) and codes (an LRI run of capitals);
 * the catalogue names it embeds stay in, to be in the sentence's language.
 */
const own = (s: string) =>
  s
    .replace(/\u2066Ooredoo\u2069/g, " ")
    .replace(/\u2068[^\u2069]*\u2069/g, " ").replace(/\u2066[\p{Lu}\d-]+\u2069/gu, " ");
const FRENCH_WORDS = /\b(vous|votre|vos|le|la|les|des|du|est|été|sur|avec|à|et|une?|reçus?|nouveau|nouvel|séance|tranche|modifié|rapport|demande)\b/i;

describe("notification templates", () => {
  it("cover every template the module exports", () => {
    const helpers = new Set(["isNotificationLanguage", "operatorTexts", "textIn", "REPORT_STATUS", "points", "subscriberLabel"]);
    const templates = Object.keys(T).filter((k) => !helpers.has(k));
    expect(templates.sort()).toEqual(
      ["giftCodeUsed", "giftOrderStatus", "instalmentDue", "newContent", "operatorRenewalRefused", "parentRequestAnswered", "parentRequestCreated", "passwordChanged", "sessionMoved", "transferReceived", "transferToConfirm", "videoReportStatus"].sort(),
    );
  });

  for (const [type, texts] of Object.entries(BY_TYPE)) {
    it(`${type}: fr, en and ar titles and bodies, none leaking French into English or Arabic`, () => {
      for (const lang of ["fr", "en", "ar"] as const) {
        expect(texts[lang].title.trim(), `${lang} title`).not.toBe("");
        expect(texts[lang].body.trim(), `${lang} body`).not.toBe("");
      }
      for (const lang of ["en", "ar"] as const) {
        expect(texts[lang].title, `${lang} title`).not.toBe(texts.fr.title);
        expect(texts[lang].body, `${lang} body`).not.toBe(texts.fr.body);
      }
      for (const field of ["title", "body"] as const) {
        const en = own(texts.en[field]);
        expect(en, `en ${field}`).not.toMatch(/[àâçéèêëîïôûùüÿœ«»]/i);
        expect(en, `en ${field}`).not.toMatch(FRENCH_WORDS);
        // Arabic: Arabic letters, digits and punctuation only (the embedded data aside).
        const ar = own(texts.ar[field]);
        expect(ar, `ar ${field}`).toMatch(/[\u0600-\u06ff]/);
        expect(ar, `ar ${field}`).not.toMatch(/[A-Za-zÀ-ÿ]/);
      }
    });
  }

  it("catalogue names in the language, French when a translation is missing", () => {
    expect(BY_TYPE.new_content!.en.body).toContain("\u2066Number sequences\u2069");
    expect(BY_TYPE.new_content!.ar.body).toContain("\u2067الرياضيات\u2069");
    expect(BY_TYPE.instalment_due!.ar.body).toContain("\u2067ذهبي سنوي\u2069");
    expect(BY_TYPE.operator_renewal_refused!.ar.body).toContain("\u2067فضي\u2069");
    expect(BY_TYPE.gift_code_used!.ar.body).toContain("\u2066CP-YASMINE\u2069");
    const untranslated = T.newContent({ recording: false, subject: { fr: "Physique", en: null, ar: "" }, content: { fr: "Les ondes" } });
    expect(untranslated.en.body).toBe("\u2068Physique\u2069: “\u2068Les ondes\u2069” is now available.");
    expect(untranslated.ar.body).toBe("\u2068Physique\u2069: درس «\u2068Les ondes\u2069» متاح الآن.");
  });

  it("dates in the language, in Tunis time; amounts in dinars with their decimals", () => {
    expect(BY_TYPE.session_moved!.fr.body).toBe("« \u2066Révision des suites\u2069 » aura lieu le mardi 1 décembre à 17:00.");
    expect(BY_TYPE.session_moved!.en.body).toBe("“\u2066Sequences revision\u2069” will now take place on Tuesday 1 December at 17:00.");
    expect(BY_TYPE.session_moved!.ar.body).toBe("ستُقام حصة «\u2067مراجعة المتتاليات\u2069» يوم الثلاثاء، 1 ديسمبر في 17:00.");
    expect(BY_TYPE.instalment_due!.fr.body).toContain("avant le 8 décembre 2026");
    expect(BY_TYPE.instalment_due!.en.body).toContain("before 8 December 2026");
    expect(BY_TYPE.instalment_due!.ar.body).toContain("قبل 8 ديسمبر 2026");
    expect(BY_TYPE.gift_code_used!.fr.body).toContain("2,5 points gagnés");
    expect(BY_TYPE.gift_code_used!.en.body).toContain("you earned 2.5 points");
    expect(BY_TYPE.gift_code_used!.ar.body).toContain("ربحت 2,5 نقطة");
    expect(T.transferReceived({ points: tnd(1), from: "A" }).en.body).toContain("1 point from");
    expect(T.transferReceived({ points: tnd(3), from: "A" }).ar.body).toContain("3 نقاط");
    expect(T.transferReceived({ points: tnd(2), from: "A" }).ar.body).toBe("استلمت نقطتين من \u2068A\u2069.");
    expect(T.transferReceived({ points: tnd(1), from: "A" }).ar.body).toBe("استلمت نقطة واحدة من \u2068A\u2069.");
  });

  it("a nameless subscriber is our label in the sentence's direction (not a person's FSI run), the brand LRI inside", () => {
    const brand = "\u2066Ooredoo\u2069";
    expect(BY_TYPE.transfer_received_from_subscriber!.fr.body).toBe(`\u2066Abonné ${brand}\u2069 vous a transféré 10 points.`);
    expect(BY_TYPE.transfer_received_from_subscriber!.en.body).toBe(`You received 10 points from \u2066${brand} subscriber\u2069.`);
    expect(BY_TYPE.transfer_received_from_subscriber!.ar.body).toBe(`استلمت 10 نقاط من \u2067مشترك ${brand}\u2069.`);
    expect(T.subscriberLabel("en", false)).toBe("Ooredoo subscriber");
    // The sender's code message (SMS: no isolates outside Arabic) names the receiver the same way.
    const sms = (lang: "fr" | "en" | "ar") => renderMessage("transfer", { code: "123456", points: tnd(10), to: null }, lang, "sms", "http://localhost").body;
    expect(sms("en")).toContain("to Ooredoo subscriber is 123456");
    expect(sms("ar")).toContain("إلى مشترك \u2066Ooredoo\u2069 هو");
    expect(sms("fr")).toContain("à Abonné Ooredoo est");
  });

  it("the operator's texts: a missing translation is empty (stored as missing); textIn falls back on the French", () => {
    const t = T.operatorTexts({ title: "Réunion", body: "Samedi", titleAr: " اجتماع ", bodyEn: "" });
    expect(t).toEqual({ fr: { title: "Réunion", body: "Samedi" }, en: { title: "", body: "" }, ar: { title: "اجتماع", body: "" } });
    const row = { title: "Réunion", body: "Samedi", title_en: null, body_en: null, title_ar: "اجتماع", body_ar: null };
    expect(T.textIn(row, "ar")).toEqual({ title: "اجتماع", body: "Samedi" });
    expect(T.textIn(row, "en")).toEqual({ title: "Réunion", body: "Samedi" });
    expect(T.textIn(row, "fr")).toEqual({ title: "Réunion", body: "Samedi" });
  });
});
