import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PROGRESS_SOCKET_CLOSE } from "@domain/schemas/progress";
import { ProgressSocket, progressSocketUrl, type SocketLike } from "./socket";

/** A fake browser WebSocket: records what is sent; the test opens and closes it. */
class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    if (this.readyState !== 1) throw new Error("InvalidStateError: not open");
    this.sent.push(JSON.parse(data));
  }
  close(code?: number, reason?: string) {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }
  /** The server accepted. */
  accept() {
    this.readyState = 1;
    this.onopen?.(new Event("open"));
  }
  /** The server (or the network) closed it. */
  drop(code = 1006, reason = "") {
    this.readyState = 3;
    this.onerror?.(new Event("error"));
    this.onclose?.({ code, reason } as CloseEvent);
  }
}

let position = 0;
type Log = (message: string, detail?: unknown) => void;
let log: ReturnType<typeof vi.fn<Log>>;
let token: string | null = "tok";

function make() {
  return new ProgressSocket({
    url: () => (token ? `ws://test/svc/progress/ws?content_id=7&token=${token}` : null),
    position: () => position,
    connect: (url) => new FakeSocket(url),
    log,
  });
}

const last = () => FakeSocket.all[FakeSocket.all.length - 1]!;

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  position = 0;
  token = "tok";
  log = vi.fn<Log>();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("progressSocketUrl", () => {
  it("turns the progress base into a ws(s) URL with content_id and token", () => {
    expect(progressSocketUrl(12, "a.b c", "/svc/progress", "https://darsi.tn/subjects/x")).toBe("wss://darsi.tn/svc/progress/ws?content_id=12&token=a.b+c");
    expect(progressSocketUrl(3, "t", "http://localhost:3000/svc/progress/", "http://localhost:5173/")).toBe("ws://localhost:3000/svc/progress/ws?content_id=3&token=t");
  });
});

describe("ProgressSocket", () => {
  it("opens on play, sends the position at once and every 5 s while playing", () => {
    const s = make();
    expect(FakeSocket.all).toHaveLength(0);
    position = 12.34;
    s.play();
    expect(FakeSocket.all).toHaveLength(1);
    expect(last().url).toContain("content_id=7");
    last().accept();
    expect(last().sent).toEqual([{ progress: 12.3, state: "playing" }]);
    position = 17;
    vi.advanceTimersByTime(5000);
    position = 22;
    vi.advanceTimersByTime(5000);
    expect(last().sent).toEqual([
      { progress: 12.3, state: "playing" },
      { progress: 17, state: "playing" },
      { progress: 22, state: "playing" },
    ]);
    s.dispose();
  });

  it("sends on pause and skip forward, and nothing while paused", () => {
    const s = make();
    s.play();
    last().accept();
    vi.advanceTimersByTime(2000);
    position = 40;
    s.pause();
    vi.advanceTimersByTime(30_000);
    position = 90;
    s.skipForward();
    vi.advanceTimersByTime(1000);
    expect(last().sent).toEqual([
      { progress: 0, state: "playing" },
      { progress: 40, state: "paused" },
      { progress: 90, state: "skipped_forward" },
    ]);
    s.dispose();
  });

  it("sends at most one message a second while the pupil scrubs, the newest one", () => {
    const s = make();
    s.play();
    last().accept();
    for (const p of [10, 20, 30, 40]) {
      position = p;
      s.skipForward();
      vi.advanceTimersByTime(100);
    }
    vi.advanceTimersByTime(1000);
    expect(last().sent).toEqual([
      { progress: 0, state: "playing" },
      { progress: 40, state: "skipped_forward" },
    ]);
    s.dispose();
  });

  it("reconnects 5 s after a close and goes on sending; errors are only logged", () => {
    const s = make();
    s.play();
    const first = last();
    first.accept();
    first.drop(1006);
    expect(log).toHaveBeenCalled();
    position = 8;
    vi.advanceTimersByTime(4999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    const second = last();
    second.accept();
    expect(second.sent[0]).toMatchObject({ state: "playing" });
    position = 15;
    vi.advanceTimersByTime(5000);
    expect(second.sent[second.sent.length - 1]).toEqual({ progress: 15, state: "playing" });
    s.dispose();
  });

  it("keeps retrying every 5 s while the server is unreachable, and the newest position goes when it opens", () => {
    const s = make();
    s.play();
    last().drop(1006); // never opened
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.all).toHaveLength(2);
    last().drop(1006);
    position = 30;
    s.pause();
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.all).toHaveLength(3);
    last().accept();
    expect(last().sent).toEqual([{ progress: 30, state: "paused" }]);
    s.dispose();
  });

  it("a paused player does not reconnect after an idle close until it plays again", () => {
    const s = make();
    s.play();
    last().accept();
    s.pause();
    vi.advanceTimersByTime(1000);
    expect(last().sent).toHaveLength(2);
    last().drop(PROGRESS_SOCKET_CLOSE.idle, "idle");
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    s.play(); // a reconnection is not due any more: opens at once
    expect(FakeSocket.all).toHaveLength(2);
    last().accept();
    expect(last().sent).toEqual([{ progress: 0, state: "playing" }]);
    s.dispose();
  });

  it("never reconnects after a refusal (token, locked, unknown lesson)", () => {
    for (const code of [PROGRESS_SOCKET_CLOSE.unauthorized, PROGRESS_SOCKET_CLOSE.forbidden, PROGRESS_SOCKET_CLOSE.notFound, PROGRESS_SOCKET_CLOSE.badRequest]) {
      FakeSocket.all = [];
      const s = make();
      s.play();
      last().accept();
      last().drop(code, "refused");
      vi.advanceTimersByTime(60_000);
      s.play();
      vi.advanceTimersByTime(60_000);
      expect(FakeSocket.all).toHaveLength(1);
      s.dispose();
    }
  });

  it("closes when the lesson is left, sending the last waiting position, and stops every timer", () => {
    const s = make();
    s.play();
    const socket = last();
    socket.accept();
    position = 5;
    s.skipForward(); // waits for the 1-s gap
    s.dispose();
    expect(socket.sent).toEqual([
      { progress: 0, state: "playing" },
      { progress: 5, state: "skipped_forward" },
    ]);
    expect(socket.closedWith).toEqual({ code: 1000, reason: "lesson left" });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(socket.sent).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("does not open for the player's seek to the resume position before playing", () => {
    const s = make();
    position = 120;
    s.skipForward();
    s.seekBack();
    s.pause();
    vi.advanceTimersByTime(20_000);
    expect(FakeSocket.all).toHaveLength(0);
    s.play();
    last().accept();
    expect(last().sent).toEqual([{ progress: 120, state: "playing" }]);
    s.dispose();
  });

  it("sends nothing without a session", () => {
    token = null;
    const s = make();
    s.play();
    vi.advanceTimersByTime(20_000);
    expect(FakeSocket.all).toHaveLength(0);
    token = "tok";
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.all).toHaveLength(1);
    s.dispose();
  });
});
