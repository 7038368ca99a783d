import { describe, expect, it } from "vitest";
import { quizzesKey } from "@/lib/quizzesKey";
import { lessonsKeys } from "./lessons.keys";

describe("lessonsKeys", () => {
  it("a quiz's key starts with the quizzes' root the outbox refreshes after a replayed quiz answer", () => {
    expect(lessonsKeys.quiz(1005).slice(0, quizzesKey.length)).toEqual([...quizzesKey]);
    expect(lessonsKeys.quiz(1005)).toEqual([...quizzesKey, 1005]);
  });
});
