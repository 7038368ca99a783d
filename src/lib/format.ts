import { TIMEZONE } from "@domain/constants";
import { tunisNoon } from "@domain/days";

const cache = new Map<string, Intl.DateTimeFormat>();
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** DD/MM/YYYY in Africa/Tunis, whatever the device's zone; a day (`YYYY-MM-DD`, e.g. an end date) is that Tunis day. */
export function formatDate(value: string | Date): string {
  const key = "date";
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("fr-FR", { timeZone: TIMEZONE, day: "2-digit", month: "2-digit", year: "numeric" });
    cache.set(key, f);
  }
  return f.format(typeof value !== "string" ? value : DAY.test(value) ? tunisNoon(value) : new Date(value));
}

// Numbers and amounts in the pupil's language: the same functions as the server's notification texts.
export { formatMillimes, formatNumber, formatTunisDate } from "@domain/format";
