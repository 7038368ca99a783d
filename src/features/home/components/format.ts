import { useLingui } from "@lingui/react/macro";
import { intlLocale } from "@domain/locale";

/** "45 %" / "45%" in the pupil's language, from 0–100. */
export function usePercent(): (value: number) => string {
  const { i18n } = useLingui();
  const f = new Intl.NumberFormat(intlLocale(i18n.locale), { style: "percent", maximumFractionDigits: 0 });
  return (value) => f.format(Math.min(100, Math.max(0, value)) / 100);
}

/** "il y a 2 heures", "hier", "il y a 3 jours" in the pupil's language (no date library). */
export function useRelativeTime(): (iso: string, now?: number) => string {
  const { i18n } = useLingui();
  const f = new Intl.RelativeTimeFormat(intlLocale(i18n.locale), { numeric: "auto" });
  return (iso, now = Date.now()) => {
    const seconds = Math.round((Date.parse(iso) - now) / 1000);
    const abs = Math.abs(seconds);
    if (abs < 60) return f.format(0, "minute");
    if (abs < 3600) return f.format(Math.round(seconds / 60), "minute");
    if (abs < 86_400) return f.format(Math.round(seconds / 3600), "hour");
    if (abs < 30 * 86_400) return f.format(Math.round(seconds / 86_400), "day");
    if (abs < 365 * 86_400) return f.format(Math.round(seconds / (30 * 86_400)), "month");
    return f.format(Math.round(seconds / (365 * 86_400)), "year");
  };
}

/** "12 min", "1 h 05" for a duration in seconds, in the pupil's language ("12 د" in Arabic). */
export function useFormatDuration(): (seconds: number) => string {
  const { t } = useLingui();
  return (seconds) => {
    const total = Math.max(1, Math.round(seconds / 60));
    if (total < 60) return t`${total} min`;
    const hours = Math.floor(total / 60);
    const minutes = String(total % 60).padStart(2, "0");
    return t`${hours} h ${minutes}`;
  };
}
