/**
 * Live classrooms (DESIGN §1 "live-class links"): where a pupil who joined a session goes once it has started.
 *
 * - Locally (no `LIVE_PROVIDER_URL`): a page of the app, `/live/{eventId}`, that plays the session and reports the
 *   pupil's presence (`POST /api/events/{eventId}/attendance`), from which the attendance time is counted.
 * - In production: `LIVE_PROVIDER_URL` names the provider's room base (a Jitsi or BigBlueButton front, e.g.
 *   `https://meet.example.tn/`); the room is `<base><room key>` with the pupil's display name. The provider's own
 *   attendance report is then the source of the time (not built here).
 *
 * The variable is validated at boot with the rest of the environment (server/env.ts: a URL, https in production).
 */
import type { Env } from "../../env";

interface LiveRoomTarget {
  url: string;
  /** The room is outside the app (opened in a new tab). */
  external: boolean;
}

export interface LiveRooms {
  roomUrl(input: { eventId: number; roomKey: string; displayName: string }): LiveRoomTarget;
}

export function createLiveRooms(source: Partial<Pick<Env, "LIVE_PROVIDER_URL" | "NODE_ENV">>): LiveRooms {
  const base = source.LIVE_PROVIDER_URL?.trim();
  if (!base) {
    return { roomUrl: ({ eventId }) => ({ url: `/live/${eventId}`, external: false }) };
  }
  let parsed: URL;
  try {
    parsed = new URL(base.endsWith("/") ? base : `${base}/`);
  } catch {
    throw new Error("Invalid environment:\n  LIVE_PROVIDER_URL: not a URL");
  }
  if (source.NODE_ENV === "production" && parsed.protocol !== "https:") {
    throw new Error("Invalid environment:\n  LIVE_PROVIDER_URL: must be https in production");
  }
  return {
    roomUrl: ({ roomKey, displayName }) => {
      const url = new URL(encodeURIComponent(roomKey), parsed);
      url.hash = `userInfo.displayName=${encodeURIComponent(JSON.stringify(displayName))}`;
      return { url: url.toString(), external: true };
    },
  };
}

const rooms = new WeakMap<object, LiveRooms>();
/** The live rooms of a server's environment. */
export function liveRooms(env: Pick<Env, "LIVE_PROVIDER_URL" | "NODE_ENV">): LiveRooms {
  let r = rooms.get(env);
  if (!r) rooms.set(env, (r = createLiveRooms(env)));
  return r;
}
