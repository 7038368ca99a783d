import { intlLocale } from "@domain/locale";

/** "1,2 Mo", "1.2 MB", "1.2 ميغابايت": a size in the pupil's language (Western digits in Arabic, as elsewhere). */
export function formatBytes(bytes: number, locale: string): string {
  const [unit, value] =
    bytes >= 1e9 ? (["gigabyte", bytes / 1e9] as const) : bytes >= 1e6 ? (["megabyte", bytes / 1e6] as const) : (["kilobyte", Math.max(bytes / 1e3, bytes > 0 ? 0.1 : 0)] as const);
  return new Intl.NumberFormat(intlLocale(locale), { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: value < 10 ? 1 : 0 }).format(value);
}
