import type { LiveEventDto } from "@domain/events";
import { api } from "@/lib/api";

export interface LiveRoomState {
  event: LiveEventDto;
  attendanceTimeInSeconds: number;
}

/** `POST /events/{id}/attendance`: the local live room's presence beat. */
export async function attendanceBeat(eventId: number, leaving = false): Promise<LiveRoomState> {
  return (await api<LiveRoomState>(`/events/${eventId}/attendance`, { method: "POST", body: { leaving } })).payload;
}
