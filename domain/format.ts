/**
 * Numbers, amounts and dates in the pupil's language (fr, en, ar), in Africa/Tunis time — shared by the client
 * (`src/lib/format.ts` re-exports them) and the server (notification texts, `server/services/notifications/texts.ts`).
 * The Intl locale of each language comes from `domain/locale.ts`.
 */
import { TIMEZONE } from "./constants";
import { tunisNoon } from "./days";
import { intlLocale } from "./locale";
import { splitMillimes } from "./money";

/** Numbers in the pupil's language. */
export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(intlLocale(locale)).format(value);
}

/**
 * An amount of millimes as dinars (or points) in the pupil's language: "120", "3,45" (fr), "3.45" (en), "0,005".
 * Integer arithmetic only: the whole dinars are formatted, the millimes are appended without trailing zeros.
 */
export function formatMillimes(amount: number, locale: string): string {
  const { negative, dinars, millimes } = splitMillimes(amount);
  const f = new Intl.NumberFormat(intlLocale(locale), { minimumFractionDigits: 1 });
  const decimal = f.formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ",";
  const whole = new Intl.NumberFormat(intlLocale(locale)).format(dinars);
  const fraction = millimes === 0 ? "" : decimal + String(millimes).padStart(3, "0").replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction}`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const STYLES = {
  /** "8 décembre 2026", "8 December 2026", "8 ديسمبر 2026". */
  day: { day: "numeric", month: "long", year: "numeric" },
  /** "mardi 1 décembre à 17:00", "Tuesday 1 December at 17:00", "الثلاثاء، 1 ديسمبر في 17:00". */
  dayTime: { weekday: "long", day: "numeric", month: "long", hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  /** Short, for a line that must fit a phone: "27 nov., 10:53", "27 Nov, 10:53", "27 نوفمبر، 10:53". */
  short: { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** A moment as Tunis sees it, written in the pupil's language. */
export function formatTunisDate(at: Date, locale: string, style: keyof typeof STYLES): string {
  const key = `${locale}|${style}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(locale), { timeZone: TIMEZONE, ...STYLES[style] });
    dateFormats.set(key, f);
  }
  return f.format(at);
}

/** A Tunis day (YYYY-MM-DD, as `tunisDay` gives it) in the pupil's language: "8 décembre 2026". */
export function formatTunisDay(day: string, locale: string): string {
  return formatTunisDate(tunisNoon(day), locale, "day");
}
