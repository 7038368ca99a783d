import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen } from "@testing-library/react";
import type { Me } from "@domain/user";
import { meQueryOptions } from "@/lib/me";
import { setSession } from "@/lib/session";
import { renderWithProviders } from "../../../../tests/ui/render";
import { makeMe } from "../../../../tests/ui/fixtures";
import { makeLesson } from "../testData";
import { VideoPlayer } from "./VideoPlayer";

/** A fake browser WebSocket: records the sockets opened and what they send. */
class FakeWebSocket {
  static all: FakeWebSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: ((e: Event) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  accept() {
    this.readyState = 1;
    this.onopen?.(new Event("open"));
  }
}

let meCalls = 0;

beforeEach(() => {
  FakeWebSocket.all = [];
  meCalls = 0;
  setSession({ token: "jwt-of-yasmine" });
  vi.stubGlobal("WebSocket", FakeWebSocket);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      if (String(input) === "/api/auth/me") {
        meCalls += 1;
        return Response.json({ payload: makeMe({ points: 100 + meCalls }) });
      }
      return Response.json({ code: "not_found", message: "Not found" }, { status: 404 });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
});

async function renderPlayer() {
  const post = vi.fn(async () => ({ expired: false, percentage: 0, completed: false, lastWatchedSecond: 0 }));
  const result = await renderWithProviders(<VideoPlayer lesson={makeLesson()} url="/media/v/11.mp4?otp=o&playbackInfo=p" post={post} expired={false} />);
  const video = screen.getByTestId("lesson-video") as HTMLVideoElement;
  let time = 0;
  let paused = true;
  Object.defineProperty(video, "currentTime", { configurable: true, get: () => time, set: (v: number) => (time = v) });
  Object.defineProperty(video, "paused", { configurable: true, get: () => paused });
  Object.defineProperty(video, "seeking", { configurable: true, get: () => false });
  const at = (t: number) => (time = t);
  const play = () => {
    paused = false;
    fireEvent(video, new Event("play"));
  };
  const pause = () => {
    paused = true;
    fireEvent(video, new Event("pause"));
  };
  const seek = (t: number) => {
    time = t;
    fireEvent(video, new Event("seeking"));
  };
  return { ...result, video, at, play, pause, seek };
}

const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe("VideoPlayer — profile poll", () => {
  it("fetches the profile every 80 s while the video plays, and not while it is paused", async () => {
    const { play, pause, queryClient } = await renderPlayer();
    vi.useFakeTimers();
    await advance(200_000);
    expect(meCalls).toBe(0);
    act(() => play());
    await advance(79_000);
    expect(meCalls).toBe(0);
    await advance(1_000);
    expect(meCalls).toBe(1);
    await advance(80_000);
    expect(meCalls).toBe(2);
    // The fresh profile is in the cache the progress poster reads (free hours, offers).
    expect(queryClient.getQueryData<Me>(meQueryOptions.queryKey)?.points).toBe(102);
    act(() => pause());
    await advance(400_000);
    expect(meCalls).toBe(2);
  });
});

describe("VideoPlayer — progress websocket", () => {
  it("opens for the lesson on play, tells the position every 5 s, on skip forward and on pause, and closes on unmount", async () => {
    const { at, play, pause, seek, unmount } = await renderPlayer();
    vi.useFakeTimers();
    expect(FakeWebSocket.all).toHaveLength(0);
    at(3);
    act(() => play());
    expect(FakeWebSocket.all).toHaveLength(1);
    const socket = FakeWebSocket.all[0]!;
    expect(socket.url).toBe("ws://localhost:3000/svc/progress/ws?content_id=11&token=jwt-of-yasmine");
    socket.accept();
    at(8);
    await advance(5_000);
    act(() => seek(120));
    await advance(1_000);
    at(125);
    act(() => pause());
    await advance(1_000);
    expect(socket.sent).toEqual([
      { progress: 3, state: "playing" },
      { progress: 8, state: "playing" },
      { progress: 120, state: "skipped_forward" },
      { progress: 125, state: "paused" },
    ]);
    await advance(60_000);
    expect(socket.sent).toHaveLength(4);
    unmount();
    expect(socket.closedWith).toBe(1000);
    await advance(60_000);
    expect(FakeWebSocket.all).toHaveLength(1);
  });

  it("does not open the socket while free hours are used up", async () => {
    const post = vi.fn(async () => ({ expired: true, percentage: 0, completed: false, lastWatchedSecond: 0 }));
    await renderWithProviders(<VideoPlayer lesson={makeLesson()} url="/media/v/11.mp4" post={post} expired />);
    const video = screen.getByTestId("lesson-video") as HTMLVideoElement;
    video.pause = vi.fn();
    fireEvent(video, new Event("play"));
    expect(video.pause).toHaveBeenCalled();
    expect(FakeWebSocket.all).toHaveLength(0);
  });
});
