/**
 * The platform's one calendar: the day of Africa/Tunis, whatever the zone of the server or the device. Every rule that
 * depends on the day — access (an affiliation's `end_date` is the last Tunis day it covers), purchases and their
 * periods, instalments, refunds, reminders, the exam and live-session weeks — takes its days from here, never from
 * `toISOString()` (a UTC day) or a fixed offset: the offset is read from the IANA zone at each instant (Tunisia kept
 * summer time in 2005–2008 and could again).
 *
 * A day is a string `YYYY-MM-DD`; arithmetic on days is calendar arithmetic (no hours involved).
 */
import { TIMEZONE } from "./constants";

// Made on first use, not when the module loads: the first formatter of a zone loads the zone's data (≈ 20 ms on a
// slow phone), which every page's first paint would otherwise wait for, the sign-in page included.
let dayFormat: Intl.DateTimeFormat | undefined;
let partsFormat: Intl.DateTimeFormat | undefined;
const dayFormatter = () => (dayFormat ??= new Intl.DateTimeFormat("en-CA", { timeZone: TIMEZONE, year: "numeric", month: "2-digit", day: "2-digit" }));
const partsFormatter = () =>
  (partsFormat ??= new Intl.DateTimeFormat("en-US", {
    timeZone: TIMEZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }));

const DAY_MS = 24 * 60 * 60 * 1000;

const parse = (day: string) => day.split("-").map(Number) as [number, number, number];

/** The day in Tunis of an instant, `YYYY-MM-DD`: "today" is `tunisDay(now)`. */
export const tunisDay = (at: Date): string => dayFormatter().format(at);

/** `YYYY-MM-DD` plus `n` days (negative: before). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = parse(day);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (`YYYY-MM-DD`); negative when `to` is before. */
export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = parse(from);
  const [y2, m2, d2] = parse(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / DAY_MS);
}

/** Week day of a day: 1 (Monday) to 7 (Sunday). */
export function weekDay(day: string): number {
  const [y, m, d] = parse(day);
  const js = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return js === 0 ? 7 : js;
}

/** Tunis' offset from UTC at an instant, in milliseconds (read from the zone, never assumed). */
function tunisOffsetMs(at: Date): number {
  const p = Object.fromEntries(partsFormatter().formatToParts(at).map((x) => [x.type, x.value]));
  const local = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return local - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a Tunis day begins (its midnight in Tunis). */
export function tunisMidnight(day: string): Date {
  const [y, m, d] = parse(day);
  const utcMidnight = Date.UTC(y, m - 1, d);
  // The offset at the guess may differ from the offset at the answer when the zone changes in between: look again.
  const first = utcMidnight - tunisOffsetMs(new Date(utcMidnight));
  return new Date(utcMidnight - tunisOffsetMs(new Date(first)));
}

/** The instant a Tunis day ends (the next day's midnight, excluded): what ends "on `day`" is over from then on. */
export const dayEnd = (day: string): Date => tunisMidnight(addDays(day, 1));

/** Noon of a Tunis day: an instant that surely belongs to that day (to write the day with a date formatter). */
export const tunisNoon = (day: string): Date => new Date(tunisMidnight(day).getTime() + DAY_MS / 2);

/** A calendar week, Monday to Sunday in Tunis: its seven days and its bounds [start, end). */
export interface TunisWeek {
  days: Array<{ /** 1 (Monday) to 7 (Sunday). */ day: number; date: string }>;
  start: Date;
  end: Date;
}

/** The week `offset` weeks from the one holding `now` (0: this week, -1: the last one). */
export function tunisWeek(now: Date, offset: number): TunisWeek {
  const today = tunisDay(now);
  const monday = addDays(today, 1 - weekDay(today) + 7 * offset);
  const days = Array.from({ length: 7 }, (_, i) => ({ day: i + 1, date: addDays(monday, i) }));
  return { days, start: tunisMidnight(monday), end: tunisMidnight(addDays(monday, 7)) };
}
