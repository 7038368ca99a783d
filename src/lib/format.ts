import { TIMEZONE } from "@domain/constants";
import { splitMillimes } from "@domain/money";

const cache = new Map<string, Intl.DateTimeFormat>();

/** DD/MM/YYYY in Africa/Tunis, whatever the device's zone. */
export function formatDate(value: string | Date): string {
  const key = "date";
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("fr-FR", { timeZone: TIMEZONE, day: "2-digit", month: "2-digit", year: "numeric" });
    cache.set(key, f);
  }
  return f.format(typeof value === "string" ? new Date(value) : value);
}

const numberLocale = (locale: string) => (locale === "ar" ? "ar-TN-u-nu-latn" : locale === "en" ? "en-GB" : "fr-FR");

/** Numbers in the pupil's language (Arabic keeps Western digits, as Tunisian apps do). */
export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(numberLocale(locale)).format(value);
}


/**
 * An amount of millimes as dinars (or points) in the pupil's language: "120", "3,45" (fr), "3.45" (en), "0,005".
 * Integer arithmetic only: the whole dinars are formatted, the millimes are appended without trailing zeros.
 */
export function formatMillimes(amount: number, locale: string): string {
  const { negative, dinars, millimes } = splitMillimes(amount);
  const f = new Intl.NumberFormat(numberLocale(locale), { minimumFractionDigits: 1 });
  const decimal = f.formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ",";
  const whole = new Intl.NumberFormat(numberLocale(locale)).format(dinars);
  const fraction = millimes === 0 ? "" : decimal + String(millimes).padStart(3, "0").replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction}`;
}
