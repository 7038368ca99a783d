import { PROGRESS_SOCKET_EVERY_S } from "@domain/constants";
import { PROGRESS_SOCKET_FINAL_CLOSES, type ProgressSocketMessage, type ProgressSocketState } from "@domain/schemas/progress";
import { env } from "@/lib/env";

/** What the socket needs of a browser WebSocket (a fake one in the tests). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

const OPEN = 1;
const CLOSING = 2;

export interface ProgressSocketOptions {
  /** The socket's URL, built when (re)connecting; null when nobody is signed in (nothing is sent). */
  url: () => string | null;
  /** The player's current position, in seconds. */
  position: () => number;
  /** Opens a socket (default: the browser's WebSocket). */
  connect?: (url: string) => SocketLike;
  /** Every how many ms a playing player tells its position (SPEC §9: 5 s). */
  everyMs?: number;
  /** Delay before reconnecting after a close (SPEC §7: 5 s). */
  reconnectMs?: number;
  /** Least time between two messages; a quicker one (scrubbing) waits and only the newest goes. */
  minGapMs?: number;
  /** Socket errors are only logged (SPEC §8). */
  log?: (message: string, detail?: unknown) => void;
}

/** `ws(s)://…/svc/progress/ws?content_id=…&token=…` from the progress service's base (relative or absolute). */
export function progressSocketUrl(contentId: number, token: string, base: string = env.progressBase, origin: string = window.location.href): string {
  const url = new URL(base.replace(/\/+$/, "") + "/ws", origin);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.search = new URLSearchParams({ content_id: String(contentId), token }).toString();
  return url.toString();
}

/**
 * The progress websocket of one lesson (SPEC §7): tells the server where the player is — every 5 s while
 * playing, and at once on pause and on a skip forward — so the pupil resumes there even if the tab dies between
 * two progress posts.
 *
 * - The socket opens when the video first plays, and stays open for the lesson.
 * - After a close it reconnects 5 s later, when the video plays or a message waits; never after a refusal
 *   (4400, 4401, 4403, 4404: trying again would get the same answer), nor after `dispose()`.
 * - A message sent while the socket is not open waits (only the newest), and goes when it opens.
 * - Errors are only logged; nothing is shown to the pupil (the progress posts are what count).
 */
export class ProgressSocket {
  private readonly opts: Required<Omit<ProgressSocketOptions, "url" | "position">> & Pick<ProgressSocketOptions, "url" | "position">;
  private socket: SocketLike | null = null;
  private playing = false;
  private disposed = false;
  /** Refused by the server: no more attempts for this lesson. */
  private refused = false;
  private waiting: ProgressSocketMessage | null = null;
  private ticker: ReturnType<typeof setInterval> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private gapTimer: ReturnType<typeof setTimeout> | undefined;
  private lastSentAt = -Infinity;

  constructor(options: ProgressSocketOptions) {
    this.opts = {
      connect: (url) => new WebSocket(url),
      everyMs: PROGRESS_SOCKET_EVERY_S * 1000,
      reconnectMs: 5000,
      minGapMs: 1000,
      log: (message, detail) => console.warn(`[progress socket] ${message}`, detail ?? ""),
      ...options,
    };
  }

  /** The video plays: tell the position now, then every 5 s. */
  play(): void {
    if (this.disposed) return;
    this.playing = true;
    this.tell("playing");
    clearInterval(this.ticker);
    this.ticker = setInterval(() => this.tell("playing"), this.opts.everyMs);
  }

  /** The video paused (or ended). */
  pause(): void {
    if (this.disposed) return;
    const was = this.playing;
    this.stopTicker();
    if (was || this.socket) this.tell("paused");
  }

  /**
   * The pupil jumped forward. Not before the video first plays: the player's own seek to the resume position
   * (or a jump made before pressing play) is told by the first "playing" message.
   */
  skipForward(): void {
    if (this.disposed || (!this.playing && !this.socket)) return;
    this.tell("skipped_forward");
  }

  /** The pupil jumped back: the new position, with the player's state. */
  seekBack(): void {
    if (this.disposed || (!this.playing && !this.socket)) return;
    this.tell(this.playing ? "playing" : "paused");
  }

  /** Leaving the lesson (unmount, another lesson): the last waiting position goes if it can, then the socket closes. */
  dispose(): void {
    if (this.disposed) return;
    this.stopTicker();
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.gapTimer);
    const socket = this.socket;
    if (socket?.readyState === OPEN && this.waiting) this.write(socket, this.waiting);
    this.disposed = true;
    this.waiting = null;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onclose = socket.onerror = socket.onmessage = null;
      if (socket.readyState < CLOSING) socket.close(1000, "lesson left");
    }
  }

  private stopTicker(): void {
    this.playing = false;
    clearInterval(this.ticker);
    this.ticker = undefined;
  }

  private tell(state: ProgressSocketState): void {
    const position = this.opts.position();
    if (!Number.isFinite(position) || position < 0) return;
    this.waiting = { progress: Math.round(position * 10) / 10, state };
    this.pump();
  }

  /** Sends the waiting message when the socket is open and the gap since the last one allows; opens the socket when needed. */
  private pump(): void {
    if (this.disposed || this.refused || !this.waiting) return;
    const socket = this.socket;
    if (!socket) {
      if (this.reconnectTimer === undefined) this.open();
      return;
    }
    if (socket.readyState !== OPEN) return; // goes on open
    const wait = this.lastSentAt + this.opts.minGapMs - Date.now();
    if (wait > 0) {
      if (this.gapTimer === undefined) {
        this.gapTimer = setTimeout(() => {
          this.gapTimer = undefined;
          this.pump();
        }, wait);
      }
      return;
    }
    this.write(socket, this.waiting);
  }

  private write(socket: SocketLike, message: ProgressSocketMessage): void {
    try {
      socket.send(JSON.stringify(message));
      this.waiting = null;
      this.lastSentAt = Date.now();
    } catch (error) {
      this.opts.log("send failed", error);
    }
  }

  private open(): void {
    const url = this.opts.url();
    if (!url) return;
    let socket: SocketLike;
    try {
      socket = this.opts.connect(url);
    } catch (error) {
      this.opts.log("cannot open", error);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.pump();
    socket.onerror = (event) => this.opts.log("error", event.type);
    socket.onmessage = null;
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (PROGRESS_SOCKET_FINAL_CLOSES.includes(event.code)) {
        this.refused = true;
        this.opts.log(`refused (${event.code} ${event.reason})`);
        return;
      }
      if (event.code !== 1000) this.opts.log(`closed (${event.code}${event.reason ? ` ${event.reason}` : ""})`);
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (this.disposed || this.refused) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.disposed || this.socket) return;
      // Only when there is something to tell: a paused player reconnects when it plays again.
      if (this.playing) this.tell("playing");
      else if (this.waiting) this.pump();
    }, this.opts.reconnectMs);
  }
}
