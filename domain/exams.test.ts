import { sniffKind } from "./files";
import { describe, expect, it } from "vitest";
import {
  clockOffsetMs,
  contentMatchesName,
  examDeadline,
  examDurationMs,
  examState,
  formatCountdown,
  scaledSize,
  timerView,
  uploadExtension,
  uploadStillAccepted,
  UPLOAD_GRACE_MS,
} from "./exams";

const enc = (s: string) => new TextEncoder().encode(s);

describe("exam timer rules", () => {
  it("duration 0 is 60 minutes; the deadline never passes the due date", () => {
    expect(examDurationMs(0)).toBe(60 * 60_000);
    expect(examDurationMs(90)).toBe(90 * 60_000);
    const start = new Date("2026-11-24T08:00:00Z");
    expect(examDeadline(start, 0, new Date("2026-12-01T00:00:00Z")).toISOString()).toBe("2026-11-24T09:00:00.000Z");
    expect(examDeadline(start, 120, new Date("2026-11-24T08:30:00Z")).toISOString()).toBe("2026-11-24T08:30:00.000Z");
  });

  it("states: upcoming, not started, started, finished, expired", () => {
    const exam = { appearance_date: "2026-11-24T08:00:00Z", due_date: "2026-11-25T08:00:00Z" };
    const t = (iso: string) => new Date(iso).getTime();
    expect(examState(exam, null, t("2026-11-24T07:00:00Z"))).toBe("upcoming");
    expect(examState(exam, null, t("2026-11-24T09:00:00Z"))).toBe("not_started");
    expect(examState(exam, "2026-11-24T10:00:00Z", t("2026-11-24T09:00:00Z"))).toBe("started");
    expect(examState(exam, "2026-11-24T10:00:00Z", t("2026-11-24T10:00:00Z"))).toBe("finished");
    expect(examState(exam, null, t("2026-11-25T08:00:00Z"))).toBe("expired");
    expect(examState(exam, "2026-11-24T10:00:00Z", t("2026-11-25T09:00:00Z"))).toBe("expired");
  });

  it("at or below one second: 00:00:00 and 'elapsed'; warnings at 20 % and 5 % left", () => {
    expect(timerView(1000, 3_600_000)).toEqual({ label: "elapsed", text: "00:00:00", warning: null });
    expect(timerView(0, 3_600_000).label).toBe("elapsed");
    expect(timerView(1001, 3_600_000).label).toBe("remaining");
    expect(timerView(3_600_000, 3_600_000)).toEqual({ label: "remaining", text: "01:00:00", warning: null });
    expect(timerView(0.21 * 3_600_000, 3_600_000).warning).toBeNull();
    expect(timerView(0.2 * 3_600_000, 3_600_000).warning).toBe("low");
    expect(timerView(0.05 * 3_600_000, 3_600_000).warning).toBe("critical");
    expect(formatCountdown(3_723_000)).toBe("01:02:03");
  });

  it("the clock offset is the server's time minus the local time at the middle of the request", () => {
    const local = Date.parse("2026-11-24T08:10:00Z"); // the device is 10 minutes ahead
    expect(clockOffsetMs("2026-11-24T08:00:01Z", local, local + 2000)).toBe(-600_000);
  });
});

describe("upload rules", () => {
  it("recognises the allowed types by their magic bytes", () => {
    expect(sniffKind(enc("%PDF-1.7\n"))).toBe("pdf");
    expect(sniffKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffKind(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("png");
    expect(sniffKind(enc("GIF89a"))).toBe("gif");
    expect(sniffKind(enc('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg">'))).toBe("svg");
    expect(sniffKind(new Uint8Array([0x50, 0x4b, 0x03, 0x04]))).toBe("zip");
    expect(sniffKind(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe("ole");
    expect(sniffKind(enc("MZ\x90\x00"))).toBeNull();
    expect(sniffKind(enc("<html><script>"))).toBeNull();
  });

  it("the content must match the name's extension", () => {
    expect(contentMatchesName("devoir.pdf", enc("%PDF-1.4"))).toBe(true);
    expect(contentMatchesName("devoir.PDF", enc("%PDF-1.4"))).toBe(true);
    expect(contentMatchesName("photo.jpg", enc("%PDF-1.4"))).toBe(false);
    expect(contentMatchesName("rapport.docx", new Uint8Array([0x50, 0x4b, 0x03, 0x04]))).toBe(true);
    expect(contentMatchesName("virus.exe", enc("MZ"))).toBe(false);
    expect(uploadExtension("a.tar.gz")).toBeNull();
    expect(uploadExtension("Photo.JPEG")).toBe("jpeg");
  });

  it("images are scaled to at most 2000 px on their longest side", () => {
    expect(scaledSize(4000, 3000)).toEqual({ width: 2000, height: 1500 });
    expect(scaledSize(3000, 4000)).toEqual({ width: 1500, height: 2000 });
    expect(scaledSize(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it("chunks of an upload begun before the deadline are taken until the end of the grace period", () => {
    const deadline = new Date("2026-11-24T10:00:00Z");
    const before = new Date("2026-11-24T09:59:00Z");
    expect(uploadStillAccepted(before, deadline, deadline.getTime() + UPLOAD_GRACE_MS - 1)).toBe(true);
    expect(uploadStillAccepted(before, deadline, deadline.getTime() + UPLOAD_GRACE_MS)).toBe(false);
    expect(uploadStillAccepted(deadline, deadline, deadline.getTime() + 1)).toBe(false);
  });
});
