import type { JoinLinkDto } from "@domain/events";
import { api } from "@/lib/api";

/** `GET /events/{id}/get-join-link`: `eventStartTime` before the start, the room's `url` after. */
export async function getJoinLink(eventId: number): Promise<JoinLinkDto> {
  return (await api<JoinLinkDto>(`/events/${eventId}/get-join-link`)).payload;
}
