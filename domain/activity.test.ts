import { describe, expect, it } from "vitest";
import { buildActivity, type ActivityRow } from "./activity";

const subject = { id: 1, slug: "maths", name: "Maths", name_ar: "رياضيات", name_en: "Maths", color: "#000", lessons: 4 };
const now = new Date("2026-03-20T10:00:00Z");
const row = (over: Partial<ActivityRow>): ActivityRow => ({ subjectId: 1, ranges: [], percentage: 0, completed: false, durationS: 600, updatedAt: now, ...over });

describe("buildActivity", () => {
  it("counts a lesson's watched minutes and completion on the Tunis day it last moved", () => {
    const late = new Date("2026-03-10T23:30:00Z"); // 00:30 on the 11th in Tunis
    const got = buildActivity([row({ ranges: [[0, 300]], percentage: 50, updatedAt: late }), row({ ranges: [[0, 600]], percentage: 100, completed: true, updatedAt: late })], [subject], now);
    expect(got.days).toHaveLength(28);
    expect(got.days.at(-1)?.date).toBe("2026-03-20");
    expect(got.days.find((d) => d.date === "2026-03-11")).toEqual({ date: "2026-03-11", minutes: 15, completed: 1 });
    expect(got.days.find((d) => d.date === "2026-03-10")).toEqual({ date: "2026-03-10", minutes: 0, completed: 0 });
  });

  it("measures a lesson without ranges by its percentage of its length", () => {
    const got = buildActivity([row({ percentage: 50, durationS: 1200 })], [subject], now);
    expect(got.days.at(-1)?.minutes).toBe(10);
  });

  it("gives each subject the mean of its lessons' percentages at the end of each of the last four weeks", () => {
    const got = buildActivity([row({ percentage: 100, updatedAt: new Date("2026-03-01T10:00:00Z") }), row({ percentage: 60 })], [subject], now);
    expect(got.subjects[0]?.points).toEqual([
      { date: "2026-02-27", progress: 0 },
      { date: "2026-03-06", progress: 25 },
      { date: "2026-03-13", progress: 25 },
      { date: "2026-03-20", progress: 40 },
    ]);
    expect(got.subjects[0]).not.toHaveProperty("lessons");
  });
});
