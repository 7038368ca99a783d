import { TIMEZONE } from "@domain/constants";

const locales: Record<string, string> = { fr: "fr-FR", en: "en-GB", ar: "ar-TN-u-nu-latn" };

/** "mar. 24 nov., 14:30" in the pupil's language, in Africa/Tunis. */
export function formatDateTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locales[locale] ?? "fr-FR", { timeZone: TIMEZONE, weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }).format(new Date(iso));
}

/** "lundi 24" for a calendar day column. */
export function formatDay(date: Date, locale: string): string {
  return new Intl.DateTimeFormat(locales[locale] ?? "fr-FR", { timeZone: TIMEZONE, weekday: "long", day: "numeric", month: "short" }).format(date);
}

/** The calendar day (Africa/Tunis) of a time, as yyyy-mm-dd. */
export function tunisDay(date: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: TIMEZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}
