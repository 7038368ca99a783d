import { TIMEZONE } from "./constants";

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: TIMEZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** The day of `at` in Tunis, YYYY-MM-DD: the platform counts subscriptions, instalments and due dates in it. */
export const tunisDay = (at: Date): string => dayFormat.format(at);
