import { describe, expect, it } from "vitest";
import { addDays, dayEnd, daysBetween, tunisDay, tunisMidnight, tunisNoon, tunisWeek, weekDay } from "./days";

const t = (iso: string) => new Date(iso);

describe("the Tunis day around midnight", () => {
  it("23:30 UTC is already the next day in Tunis (00:30)", () => {
    expect(tunisDay(t("2026-11-27T22:59:59Z"))).toBe("2026-11-27");
    expect(tunisDay(t("2026-11-27T23:00:00Z"))).toBe("2026-11-28");
    expect(tunisDay(t("2026-11-27T23:30:00Z"))).toBe("2026-11-28");
    expect(tunisDay(t("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
  });
  it("a day begins at Tunis midnight and ends at the next one", () => {
    expect(tunisMidnight("2026-11-28").toISOString()).toBe("2026-11-27T23:00:00.000Z");
    expect(dayEnd("2026-11-27").toISOString()).toBe("2026-11-27T23:00:00.000Z");
    expect(tunisDay(new Date(dayEnd("2026-11-27").getTime() - 1))).toBe("2026-11-27");
    expect(tunisDay(tunisNoon("2026-11-27"))).toBe("2026-11-27");
  });
  it("reads the instant, whatever zone it was written in", () => {
    expect(tunisDay(t("2027-01-01T00:30:00+02:00"))).toBe("2026-12-31");
  });
});

describe("summer time: the IANA zone, never a fixed offset", () => {
  // Tunisia kept summer time (UTC+2) from 30 March to 26 October 2008: a fixed UTC+1 would be an hour off.
  it("midnight of a summer day is 22:00 UTC", () => {
    expect(tunisMidnight("2008-07-01").toISOString()).toBe("2008-06-30T22:00:00.000Z");
    expect(tunisDay(t("2008-06-30T22:30:00Z"))).toBe("2008-07-01");
    expect(tunisDay(t("2008-06-30T21:30:00Z"))).toBe("2008-06-30");
  });
  it("the days of the changes are 23 and 25 hours long", () => {
    const hours = (day: string) => (dayEnd(day).getTime() - tunisMidnight(day).getTime()) / 3_600_000;
    expect(hours("2008-03-30")).toBe(23);
    expect(hours("2008-10-26")).toBe(25);
    expect(hours("2026-11-27")).toBe(24);
    expect(tunisMidnight("2008-03-30").toISOString()).toBe("2008-03-29T23:00:00.000Z");
    expect(tunisMidnight("2008-03-31").toISOString()).toBe("2008-03-30T22:00:00.000Z");
    expect(tunisMidnight("2008-10-27").toISOString()).toBe("2008-10-26T23:00:00.000Z");
  });
  it("noon of a day of change is still that day", () => {
    expect(tunisDay(tunisNoon("2008-03-30"))).toBe("2008-03-30");
    expect(tunisDay(tunisNoon("2008-10-26"))).toBe("2008-10-26");
  });
});

describe("calendar arithmetic on days", () => {
  it("adds days across months, years and leap days", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2026-09-15", "2027-06-30")).toBe(288);
    expect(daysBetween("2026-06-30", "2026-06-29")).toBe(-1);
    expect(daysBetween("2008-03-29", "2008-03-31")).toBe(2);
  });
  it("numbers week days Monday 1 to Sunday 7", () => {
    expect(weekDay("2026-11-30")).toBe(1);
    expect(weekDay("2026-11-29")).toBe(7);
  });
});

describe("the calendar week (Monday to Sunday in Tunis)", () => {
  it("starts on the Monday of the Tunis day, whatever the UTC day", () => {
    // Sunday 23:30 UTC is already Monday 00:30 in Tunis.
    const w = tunisWeek(t("2026-11-29T23:30:00Z"), 0);
    expect(w.days[0]).toEqual({ day: 1, date: "2026-11-30" });
    expect(w.start.toISOString()).toBe("2026-11-29T23:00:00.000Z");
    expect(w.end.toISOString()).toBe("2026-12-06T23:00:00.000Z");
    // Sunday 22:30 UTC is still Sunday 23:30 in Tunis: the week of Monday the 23rd.
    expect(tunisWeek(t("2026-11-29T22:30:00Z"), 0).start.toISOString()).toBe("2026-11-22T23:00:00.000Z");
    expect(tunisWeek(t("2026-11-29T12:00:00Z"), 0).days[6]).toEqual({ day: 7, date: "2026-11-29" });
  });
  it("moves by whole weeks with the offset", () => {
    expect(tunisWeek(t("2026-11-24T10:00:00Z"), -1).days[0]!.date).toBe("2026-11-16");
    expect(tunisWeek(t("2026-11-24T10:00:00Z"), 2).days[0]!.date).toBe("2026-12-07");
  });
  it("a summer week starts at 22:00 UTC", () => {
    expect(tunisWeek(t("2008-07-02T10:00:00Z"), 0).start.toISOString()).toBe("2008-06-29T22:00:00.000Z");
  });
});
