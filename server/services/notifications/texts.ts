/**
 * The texts of every notification the server writes, in the three languages of the app (French reference, English,
 * Modern Standard Arabic): one function per type, taking its parameters, returning `{ fr, en, ar }` of
 * `{ title, body }`. `notify` stores the French in `title` / `body` and the others in `title_en`, `body_ar`, … (as the
 * catalogue does); the bell shows the pupil's language, the push the device's (its token's language).
 *
 * - Catalogue data embedded in a text (offer, live session, subject and lesson names) is given in its three
 *   languages (`Names`): the `_ar` / `_en` column when present, else the French name.
 * - Dates are written in the language, in Africa/Tunis time; point amounts as whole or decimal dinars
 *   (`domain/format.ts`, the client's formatters).
 * - Every run of data is isolated, the plain-text `<bdi>`, so that it keeps the sentence's own direction in the bell and
 *   in the push. What people wrote themselves (a pupil's or a parent's name, an operator's reason), whose language and
 *   direction are theirs, with FSI … PDI (U+2068, U+2069: first strong); what is ours, in the reader's language (a
 *   catalogue name that has its translation), with the sentence's direction, LRI or RLI … PDI (U+2066, U+2067), and a
 *   code with LRI. A catalogue name shown in French for want of its translation is not in the reader's language: FSI.
 *   The language check (tests/e2e/language-check.spec.ts) leaves out the FSI runs only.
 * - A person is `PersonName` (domain/user.ts): their own name (FSI), or null for an operator's subscriber who has not
 *   given theirs — then the label in each language ("Abonné Ooredoo", "Ooredoo subscriber", "مشترك Ooredoo"), ours, so
 *   isolated with the sentence's direction, and the brand inside it left to right (LRI … PDI).
 */
import type { Locale } from "../../../domain/constants";
import { LOCALES } from "../../../domain/constants";
import { formatMillimes, formatTunisDate, formatTunisDay } from "../../../domain/format";
import { ISOLATE_END, ISOLATE_START, ISOLATE_LTR, ISOLATE_RTL } from "../../../domain/notifications";
import { OPERATOR_BRAND } from "../../../domain/user";
import type { PersonName } from "../../../domain/schemas/common";

export type NotificationLanguage = Locale;
export interface NotificationText {
  title: string;
  body: string;
}
/** A notification's title and body in each language of the app. */
export type NotificationTexts = Record<NotificationLanguage, NotificationText>;

/** A catalogue item's name: the French reference and its translations (null or empty: the French one is used). */
export interface Names {
  fr: string;
  en?: string | null | undefined;
  ar?: string | null | undefined;
}

export const isNotificationLanguage = (x: unknown): x is NotificationLanguage => typeof x === "string" && (LOCALES as readonly string[]).includes(x);

const cut = (s: string, max: number): string => {
  const chars = Array.from(s.trim());
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : chars.join("");
};
/** What people wrote (a name, a reason) isolated from the sentence around it (FSI … PDI), cut to `max` characters. */
const iso = (s: string, max = 60): string => `${ISOLATE_START}${cut(s, max)}${ISOLATE_END}`;
/** A code (a referral code): left to right in every language (LRI … PDI). */
const code = (s: string, max = 40): string => `${ISOLATE_LTR}${cut(s, max)}${ISOLATE_END}`;
/**
 * A catalogue name in `lang`, isolated with the language's direction (LRI/RLI … PDI), cut to `max` characters; the
 * French one, isolated as unknown (FSI), when it has no translation.
 */
const nameIn = (n: Names, lang: NotificationLanguage, max = 60): string => {
  const own = lang === "fr" ? n.fr : n[lang]?.trim();
  if (!own) return iso(n.fr, max);
  return `${lang === "ar" ? ISOLATE_RTL : ISOLATE_LTR}${cut(own, max)}${ISOLATE_END}`;
};
/**
 * What an operator's subscriber without a name is called, in each language (the app's own label, `Abonné Ooredoo` in
 * src/locales): the brand is a name, isolated left to right inside it.
 */
export function subscriberLabel(lang: NotificationLanguage, isolated = true): string {
  const brand = isolated ? `${ISOLATE_LTR}${OPERATOR_BRAND}${ISOLATE_END}` : OPERATOR_BRAND;
  if (lang === "en") return `${brand} subscriber`;
  if (lang === "ar") return `مشترك ${brand}`;
  return `Abonné ${brand}`;
}
/** A person in a sentence of `lang`: their own name as written (FSI), or the subscriber's label in the sentence's direction. */
const person = (p: PersonName, lang: NotificationLanguage): string =>
  p === null ? `${lang === "ar" ? ISOLATE_RTL : ISOLATE_LTR}${subscriberLabel(lang)}${ISOLATE_END}` : iso(p);
const inAll = (f: (lang: NotificationLanguage) => NotificationText): NotificationTexts => ({ fr: f("fr"), en: f("en"), ar: f("ar") });

const pluralRules = new Map<string, Intl.PluralRules>();
/**
 * An amount of points (millimes) with its noun: "1 point", "2,5 points" (fr), "2.5 points" (en); in Arabic by the
 * number's plural form, as the templates use it (object or after a preposition): "نقطة واحدة", "نقطتين", "3 نقاط",
 * "12 نقطة".
 */
export function points(amount: number, lang: NotificationLanguage): string {
  const n = formatMillimes(amount, lang);
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
  const category = rules.select(amount / 1000);
  if (lang === "ar") return category === "one" ? "نقطة واحدة" : category === "two" ? "نقطتين" : `${n} ${category === "few" ? "نقاط" : "نقطة"}`;
  return `${n} ${category === "one" ? "point" : "points"}`;
}

// ─────────────── account ───────────────

export function passwordChanged(): NotificationTexts {
  return {
    fr: { title: "Mot de passe modifié", body: "Le mot de passe de votre compte a été modifié. Si ce n'est pas vous, réinitialisez-le." },
    en: { title: "Password changed", body: "Your account password has been changed. If this wasn't you, reset it." },
    ar: { title: "تم تغيير كلمة المرور", body: "تم تغيير كلمة مرور حسابك. إن لم تقم بذلك بنفسك، فأعد تعيينها." },
  };
}

/** To a parent: a pupil named them as parent. */
export function parentRequestCreated(p: { child: PersonName }): NotificationTexts {
  return {
    fr: { title: "Nouvelle demande parentale", body: `${person(p.child, "fr")} vous a ajouté(e) comme parent : approuvez ou refusez sa demande.` },
    en: { title: "New parent request", body: `${person(p.child, "en")} has added you as their parent: approve or decline the request.` },
    ar: { title: "طلب وليّ أمر جديد", body: `أضافك ${person(p.child, "ar")} كوليّ أمر: وافق على الطلب أو ارفضه.` },
  };
}

/** To the pupil: the parent approved or refused the request. */
export function parentRequestAnswered(p: { parent: string; approved: boolean }): NotificationTexts {
  const parent = iso(p.parent);
  return p.approved
    ? {
        fr: { title: "Demande parentale approuvée", body: `${parent} a approuvé votre demande.` },
        en: { title: "Parent request approved", body: `Your request was approved by ${parent}.` },
        ar: { title: "تمت الموافقة على طلب وليّ الأمر", body: `تمت الموافقة على طلبك من قِبل ${parent}.` },
      }
    : {
        fr: { title: "Demande parentale refusée", body: `${parent} a refusé votre demande.` },
        en: { title: "Parent request declined", body: `Your request was declined by ${parent}.` },
        ar: { title: "تم رفض طلب وليّ الأمر", body: `تم رفض طلبك من قِبل ${parent}.` },
      };
}

/** The video report statuses (SPEC §3 "VideoReport"), in each language. */
export const REPORT_STATUS: Record<string, Record<NotificationLanguage, string>> = {
  Pending: { fr: "en attente", en: "pending", ar: "قيد الانتظار" },
  "In progress": { fr: "en cours de traitement", en: "being processed", ar: "قيد المعالجة" },
  Rejected: { fr: "rejeté", en: "rejected", ar: "مرفوض" },
  Resolved: { fr: "résolu", en: "resolved", ar: "تمت المعالجة" },
};

/** To the pupil: an operator changed the status of their video report (with the reason of a rejection). */
export function videoReportStatus(p: { reportId: number; status: string; rejectReason: string | null }): NotificationTexts {
  const reason = p.rejectReason?.trim() ? iso(p.rejectReason, 80) : null;
  return inAll((lang) => {
    const status = REPORT_STATUS[p.status]?.[lang] ?? p.status;
    const note = reason ? ` (${reason})` : "";
    if (lang === "en") return { title: "Your report has been updated", body: `Report no. ${p.reportId}: ${status}${note}` };
    if (lang === "ar") return { title: "تم تحديث تقريرك", body: `التقرير رقم ${p.reportId}: ${status}${note}` };
    return { title: "Votre rapport a été mis à jour", body: `Rapport n° ${p.reportId} : ${status}${note}` };
  });
}

// ─────────────── points and offers ───────────────

/** To the sender: confirm the transfer with the code just sent. */
export function transferToConfirm(p: { points: number; to: PersonName }): NotificationTexts {
  return {
    fr: { title: "Transfert à confirmer", body: `Confirmez le transfert de ${points(p.points, "fr")} à ${person(p.to, "fr")} avec le code reçu.` },
    en: { title: "Transfer to confirm", body: `Confirm the transfer of ${points(p.points, "en")} to ${person(p.to, "en")} with the code you received.` },
    ar: { title: "تحويل في انتظار التأكيد", body: `أكّد تحويل ${points(p.points, "ar")} إلى ${person(p.to, "ar")} بالرمز الذي وصلك.` },
  };
}

/** To the receiver: points arrived. */
export function transferReceived(p: { points: number; from: PersonName }): NotificationTexts {
  return {
    fr: { title: "Points reçus", body: `${person(p.from, "fr")} vous a transféré ${points(p.points, "fr")}.` },
    en: { title: "Points received", body: `You received ${points(p.points, "en")} from ${person(p.from, "en")}.` },
    ar: { title: "وصلتك نقاط", body: `استلمت ${points(p.points, "ar")} من ${person(p.from, "ar")}.` },
  };
}

/** To a referral code's owner: a pupil used it (and what it earned them, in millimes). */
export function giftCodeUsed(p: { code: string; earned: number }): NotificationTexts {
  const theCode = code(p.code);
  const earned = p.earned > 0;
  return {
    fr: { title: "Code cadeau utilisé", body: earned ? `Votre code ${theCode} a été utilisé : ${points(p.earned, "fr")} gagnés.` : `Votre code ${theCode} a été utilisé.` },
    en: { title: "Gift code used", body: earned ? `Your code ${theCode} has been used: you earned ${points(p.earned, "en")}.` : `Your code ${theCode} has been used.` },
    ar: { title: "تم استخدام رمز الهدية", body: earned ? `تم استخدام رمزك ${theCode}: ربحت ${points(p.earned, "ar")}.` : `تم استخدام رمزك ${theCode}.` },
  };
}

/** A gift order's statuses (SPEC §3 "Purchase/order"), in each language. */
const GIFT_ORDER_STATUS: Record<"approved" | "rejected" | "shipped" | "delivered", Record<NotificationLanguage, string>> = {
  approved: { fr: "acceptée", en: "approved", ar: "تمت الموافقة عليه" },
  rejected: { fr: "refusée : vos jetons vous sont rendus", en: "rejected: your tokens are returned", ar: "مرفوض: أُعيدت إليك جيتوناتك" },
  shipped: { fr: "expédiée", en: "shipped", ar: "تم شحنه" },
  delivered: { fr: "livrée", en: "delivered", ar: "تم تسليمه" },
};

/** To the pupil: an operator moved their gift order (with the reason of a rejection). */
export function giftOrderStatus(p: { orderId: number; status: keyof typeof GIFT_ORDER_STATUS; reason: string | null }): NotificationTexts {
  const reason = p.reason?.trim() ? iso(p.reason, 80) : null;
  return inAll((lang) => {
    const status = GIFT_ORDER_STATUS[p.status][lang];
    const note = reason ? ` (${reason})` : "";
    if (lang === "en") return { title: "Your gift order", body: `Order no. ${p.orderId}: ${status}${note}` };
    if (lang === "ar") return { title: "طلب هديتك", body: `الطلب رقم ${p.orderId}: ${status}${note}` };
    return { title: "Votre commande de cadeaux", body: `Commande n° ${p.orderId} : ${status}${note}` };
  });
}

/** To a pupil paying by instalments: the next one is due before `dueBefore` (a Tunis day, YYYY-MM-DD). */
export function instalmentDue(p: { next: number; of: number; offer: Names; dueBefore: string }): NotificationTexts {
  return inAll((lang) => {
    const offer = nameIn(p.offer, lang);
    const date = formatTunisDay(p.dueBefore, lang);
    if (lang === "en") return { title: "Instalment due", body: `Instalment ${p.next} of ${p.of} for your ${offer} offer is due before ${date}.` };
    if (lang === "ar") return { title: "قسط مستحق الدفع", body: `يجب دفع القسط ${p.next} من ${p.of} لعرض ${offer} قبل ${date}.` };
    return { title: "Tranche à payer", body: `La tranche ${p.next} sur ${p.of} de votre offre ${offer} est à payer avant le ${date}.` };
  });
}

/**
 * To an operator subscriber: the operator refused the renewal, so the subscription stopped; access runs to `endDate`.
 * `offer`: the names of the operator's offer group (Silver).
 */
export function operatorRenewalRefused(p: { endDate: string; offer: Names }): NotificationTexts {
  return inAll((lang) => {
    const date = formatTunisDay(p.endDate, lang);
    const offer = nameIn(p.offer, lang);
    if (lang === "en") return { title: "Subscription stopped", body: `Your operator refused to renew your ${offer} subscription, so it has stopped. Your access stays open until ${date}.` };
    if (lang === "ar") return { title: "تم إيقاف الاشتراك", body: `رفض مشغّلك تجديد اشتراكك ${offer}، لذلك تم إيقافه. يبقى وصولك مفتوحًا حتى ${date}.` };
    return { title: "Abonnement arrêté", body: `Votre opérateur a refusé le renouvellement de votre abonnement ${offer} : il est arrêté. Votre accès reste ouvert jusqu'au ${date}.` };
  });
}

// ─────────────── learning ───────────────

/** To the pupils concerned: a live session moved to `start`. */
export function sessionMoved(p: { event: Names; start: Date }): NotificationTexts {
  return inAll((lang) => {
    const name = nameIn(p.event, lang);
    const when = formatTunisDate(p.start, lang, "dayTime");
    if (lang === "en") return { title: "Live session moved", body: `“${name}” will now take place on ${when}.` };
    if (lang === "ar") return { title: "تغيير موعد حصة مباشرة", body: `ستُقام حصة «${name}» يوم ${when}.` };
    return { title: "Séance en direct déplacée", body: `« ${name} » aura lieu le ${when}.` };
  });
}

/** To a class: a new lesson (`recording: false`) or session recording is out in one of its subjects. */
export function newContent(p: { recording: boolean; subject: Names; content: Names }): NotificationTexts {
  return inAll((lang) => {
    const subject = nameIn(p.subject, lang);
    const content = nameIn(p.content, lang, 80);
    if (lang === "en")
      return p.recording
        ? { title: "New recording", body: `${subject}: the recording “${content}” is now available.` }
        : { title: "New lesson", body: `${subject}: “${content}” is now available.` };
    if (lang === "ar")
      return p.recording
        ? { title: "تسجيل جديد", body: `${subject}: تسجيل «${content}» متاح الآن.` }
        : { title: "درس جديد", body: `${subject}: درس «${content}» متاح الآن.` };
    return p.recording ? { title: "Nouvel enregistrement", body: `${subject} : ${content}` } : { title: "Nouveau cours", body: `${subject} : ${content}` };
  });
}

// ─────────────── operator ───────────────

/**
 * An operator's own text (`npm run admin -- notify …`): French as written, English and Arabic when given (an empty
 * one is stored as missing: the pupil then reads the French).
 */
export function operatorTexts(p: { title: string; body: string; titleEn?: string | undefined; bodyEn?: string | undefined; titleAr?: string | undefined; bodyAr?: string | undefined }): NotificationTexts {
  const t = (x: string | undefined) => x?.trim() ?? "";
  return {
    fr: { title: p.title, body: p.body },
    en: { title: t(p.titleEn), body: t(p.bodyEn) },
    ar: { title: t(p.titleAr), body: t(p.bodyAr) },
  };
}

/** The text of `lang` (French when that one is missing or empty). */
export function textIn(texts: { title: string; body: string; title_en?: string | null; body_en?: string | null; title_ar?: string | null; body_ar?: string | null }, lang: string): NotificationText {
  if (lang !== "en" && lang !== "ar") return { title: texts.title, body: texts.body };
  const title = texts[`title_${lang}`];
  const body = texts[`body_${lang}`];
  return { title: title?.trim() ? title : texts.title, body: body?.trim() ? body : texts.body };
}
