import { TIMEZONE } from "@domain/constants";

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

// Numbers and amounts in the pupil's language: the same functions as the server's notification texts.
export { formatMillimes, formatNumber } from "@domain/format";
