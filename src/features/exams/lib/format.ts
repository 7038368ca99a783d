import { TIMEZONE } from "@domain/constants";
import { intlLocale } from "@domain/locale";

/** "mar. 24 nov., 14:30" in the pupil's language, in Africa/Tunis. */
export function formatDateTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { timeZone: TIMEZONE, weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }).format(new Date(iso));
}

/** "lundi 24" for a calendar day column. */
export function formatDay(date: Date, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { timeZone: TIMEZONE, weekday: "long", day: "numeric", month: "short" }).format(date);
}
