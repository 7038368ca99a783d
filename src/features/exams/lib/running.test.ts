import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { examsKeys } from "../exams.keys";
import { examRunning } from "./running";

const NOW = Date.parse("2026-11-27T10:00:00Z");
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

describe("examRunning (the class tablet's idle lock waits while it is true)", () => {
  it("is false with nothing read, with exams not started, and with a deadline passed", () => {
    const q = new QueryClient();
    expect(examRunning(q, NOW)).toBe(false);
    q.setQueryData(examsKeys.list(), [{ id: 1, deadline: null, startedAt: null }]);
    q.setQueryData(examsKeys.detail(2), { id: 2, deadline: at(-1), startedAt: at(-61) });
    expect(examRunning(q, NOW)).toBe(false);
  });

  it("is true while a started exam's deadline is ahead, from its page, its timer, a list or the calendar", () => {
    for (const [key, data] of [
      [examsKeys.detail(3), { id: 3, deadline: at(30), startedAt: at(-30) }],
      [examsKeys.time(3), { contentExam: 3, deadline: at(30), started_at: at(-30) }],
      [examsKeys.list("maths"), [{ id: 4, deadline: null }, { id: 3, deadline: at(5) }]],
      [examsKeys.calendar(0), { offset: 0, exams: [{ id: 3, deadline: at(1) }] }],
    ] as const) {
      const q = new QueryClient();
      q.setQueryData(key, data);
      expect(examRunning(q, NOW)).toBe(true);
      expect(examRunning(q, NOW + 60 * 60_000)).toBe(false);
    }
  });
});
