/**
 * The e-mails and SMS the platform sends, in the three languages of the app (French reference, English, Modern
 * Standard Arabic), as the notifications' texts are (../notifications/texts.ts, whose point amounts they share).
 *
 * - A message's `line` is the SMS (after "Darsi : ") and the heart of the e-mail; the e-mail's subject starts with the
 *   code, so that a phone's notification shows it without opening the mail.
 * - Data that may be in another script than the sentence (a pupil's name) is isolated with FSI … PDI in Arabic, the
 *   plain-text `<bdi>` (in French and English the isolates would make every SMS a UCS-2 one, 70 characters a part).
 * - Links are absolute URLs of the app on PUBLIC_URL (server/lib/public-url.ts), passed in by the caller.
 */
import type { Locale } from "../../../domain/constants";
import { ISOLATE_END, ISOLATE_START } from "../../../domain/notifications";
import type { PersonName } from "../../../domain/schemas/common";
import { points, subscriberLabel } from "../notifications/texts";

export type MessageLanguage = Locale;

export interface MessageParams {
  verification: { code: string };
  reset: { code: string };
  /** A new e-mail or phone of the profile, confirmed by its code. */
  contact: { code: string };
  /** `to`: the receiver's name, null for an operator's subscriber without one (`PersonName`). */
  transfer: { code: string; points: number; to: PersonName };
  /** A pupil whose account the mobile operator's subscription created: the login and a code to choose a password. */
  subscriber_welcome: { code: string; login: string; link: string };
}
export type MessageKind = keyof MessageParams;

interface MessageText {
  /** The e-mail's subject: the code first. */
  subject: string;
  /** The message itself: the SMS's text, the e-mail's first paragraph. */
  line: string;
}

/** A person: their name (isolated in Arabic), or the subscriber's label in the language (in Arabic, its brand isolated). */
const nameIn = (name: PersonName, lang: MessageLanguage) =>
  name === null ? subscriberLabel(lang, lang === "ar") : lang === "ar" ? `${ISOLATE_START}${name.trim()}${ISOLATE_END}` : name.trim();

const TEXTS: { [K in MessageKind]: (p: MessageParams[K], lang: MessageLanguage) => MessageText } = {
  verification: ({ code }, lang) =>
    ({
      fr: { subject: `${code} est votre code de vérification Darsi`, line: `Votre code de vérification Darsi est ${code}. Il expire dans 10 minutes.` },
      en: { subject: `${code} is your Darsi verification code`, line: `Your Darsi verification code is ${code}. It expires in 10 minutes.` },
      ar: { subject: `${code} هو رمز التحقق الخاص بك في Darsi`, line: `رمز التحقق الخاص بك في Darsi هو ${code}. تنتهي صلاحيته بعد 10 دقائق.` },
    })[lang],
  reset: ({ code }, lang) =>
    ({
      fr: {
        subject: `${code} est votre code de réinitialisation Darsi`,
        line: `Votre code de réinitialisation du mot de passe Darsi est ${code}. Il expire dans 10 minutes.`,
      },
      en: { subject: `${code} is your Darsi password reset code`, line: `Your Darsi password reset code is ${code}. It expires in 10 minutes.` },
      ar: {
        subject: `${code} هو رمز إعادة تعيين كلمة المرور في Darsi`,
        line: `رمز إعادة تعيين كلمة المرور الخاص بك في Darsi هو ${code}. تنتهي صلاحيته بعد 10 دقائق.`,
      },
    })[lang],
  contact: ({ code }, lang) =>
    ({
      fr: { subject: `${code} est votre code de confirmation Darsi`, line: `Votre code de confirmation Darsi est ${code}. Il expire dans 10 minutes.` },
      en: { subject: `${code} is your Darsi confirmation code`, line: `Your Darsi confirmation code is ${code}. It expires in 10 minutes.` },
      ar: { subject: `${code} هو رمز التأكيد الخاص بك في Darsi`, line: `رمز التأكيد الخاص بك في Darsi هو ${code}. تنتهي صلاحيته بعد 10 دقائق.` },
    })[lang],
  transfer: ({ code, points: amount, to }, lang) =>
    ({
      fr: {
        subject: `${code} est le code de votre transfert Darsi`,
        line: `Votre code de confirmation du transfert de ${points(amount, "fr")} à ${nameIn(to, "fr")} est ${code}. Il expire dans 10 minutes.`,
      },
      en: {
        subject: `${code} is your Darsi transfer code`,
        line: `Your code to confirm the transfer of ${points(amount, "en")} to ${nameIn(to, "en")} is ${code}. It expires in 10 minutes.`,
      },
      ar: {
        subject: `${code} هو رمز تأكيد التحويل في Darsi`,
        line: `رمز تأكيد تحويل ${points(amount, "ar")} إلى ${nameIn(to, "ar")} هو ${code}. تنتهي صلاحيته بعد 10 دقائق.`,
      },
    })[lang],
  subscriber_welcome: ({ code, login, link }, lang) =>
    ({
      fr: {
        subject: `${code} : votre abonnement Darsi est actif`,
        line: `Votre abonnement Silver est actif. Identifiant : ${login}. Pour choisir votre mot de passe, ouvrez « Mot de passe oublié » et saisissez le code ${code} (valable 10 minutes) : ${link}`,
      },
      en: {
        subject: `${code}: your Darsi subscription is active`,
        line: `Your Silver subscription is active. Login: ${login}. To choose your password, open “Forgot password” and enter the code ${code} (valid for 10 minutes): ${link}`,
      },
      ar: {
        subject: `${code}: اشتراكك في Darsi مفعّل`,
        line: `اشتراكك Silver مفعّل. المعرّف: ${nameIn(login, "ar")}. لاختيار كلمة المرور، افتح «نسيت كلمة المرور» وأدخل الرمز ${code} (صالح لمدة 10 دقائق): ${link}`,
      },
    })[lang],
};

const FRAME = {
  fr: { sms: "Darsi : ", notYou: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.", open: "Ouvrir Darsi" },
  en: { sms: "Darsi: ", notYou: "If you did not ask for this, ignore this message.", open: "Open Darsi" },
  ar: { sms: "Darsi: ", notYou: "إذا لم تطلب ذلك، تجاهل هذه الرسالة.", open: "افتح Darsi" },
} as const;

export interface RenderedMessage {
  /** The SMS, or the e-mail's text part. */
  body: string;
  subject: string;
  html: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A message of `kind` in `lang`, as an SMS or as an e-mail (text and HTML parts) linking to the app at `appUrl`. */
export function renderMessage<K extends MessageKind>(kind: K, params: MessageParams[K], lang: MessageLanguage, channel: "sms" | "email", appUrl: string): RenderedMessage {
  const text = TEXTS[kind](params, lang);
  const frame = FRAME[lang];
  if (channel === "sms") return { body: `${frame.sms}${text.line}`, subject: text.subject, html: "" };
  const body = `${text.line}\n\n${frame.notYou}\n\nDarsi — ${appUrl}\n`;
  const dir = lang === "ar" ? "rtl" : "ltr";
  const code = "code" in params ? params.code : "";
  const line = escapeHtml(text.line).replace(escapeHtml(code), `<strong style="font-size:20px;letter-spacing:2px">${escapeHtml(code)}</strong>`);
  const html = `<!doctype html>
<html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(text.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">
<p>${line}</p>
<p style="color:#52606d">${escapeHtml(frame.notYou)}</p>
<p><a href="${escapeHtml(appUrl)}">${escapeHtml(frame.open)}</a></p>
</body></html>
`;
  return { body, subject: text.subject, html };
}
