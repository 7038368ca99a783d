import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen } from "@testing-library/react";
import { renderWithProviders } from "../../../../tests/ui/render";
import { syncServerClock } from "../lib/serverClock";
import { ExamTimer } from "./ExamTimer";

afterEach(() => {
  vi.useRealTimers();
});

describe("ExamTimer", () => {
  it("counts the server's time down every second, whatever the device clock says", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date", "performance"] });
    // The device is 10 minutes ahead of the server.
    vi.setSystemTime(new Date("2026-11-24T08:10:00Z"));
    syncServerClock("2026-11-24T08:00:00.000Z", performance.now(), performance.now());
    await renderWithProviders(<ExamTimer startedAt="2026-11-24T07:30:00.000Z" deadline="2026-11-24T08:30:00.000Z" />);
    expect(screen.getByTestId("timer-label").textContent).toBe("Temps restant");
    expect(screen.getByTestId("timer-value").textContent).toBe("00:30:00");
    act(() => void vi.advanceTimersByTime(3000));
    expect(screen.getByTestId("timer-value").textContent).toBe("00:29:57");
  });

  it("warns at 20 % and 5 % of the time left, then shows 00:00:00 and 'Temps écoulé'", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date", "performance"] });
    vi.setSystemTime(new Date("2026-11-24T08:00:00Z"));
    syncServerClock("2026-11-24T08:00:00.000Z", performance.now(), performance.now());
    const onElapsed = vi.fn();
    // 100 s window, 19 s left: below 20 %.
    await renderWithProviders(<ExamTimer startedAt="2026-11-24T07:58:39.000Z" deadline="2026-11-24T08:00:19.000Z" onElapsed={onElapsed} />);
    expect(screen.getByTestId("exam-timer").dataset.warning).toBe("low");
    act(() => void vi.advanceTimersByTime(15_000));
    expect(screen.getByTestId("exam-timer").dataset.warning).toBe("critical");
    act(() => void vi.advanceTimersByTime(3000));
    expect(screen.getByTestId("timer-value").textContent).toBe("00:00:00");
    expect(screen.getByTestId("timer-label").textContent).toBe("Temps écoulé");
    expect(onElapsed).toHaveBeenCalledTimes(1);
  });
});
