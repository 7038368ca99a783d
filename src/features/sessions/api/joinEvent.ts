import type { JoinEventDto } from "@domain/events";
import { api } from "@/lib/api";

/** `POST /events/join-user`: registers the pupil to the session (twice is once). */
export async function joinEvent(eventId: number): Promise<JoinEventDto> {
  return (await api<JoinEventDto>("/events/join-user", { method: "POST", body: { content_id: eventId, domain_id: null } })).payload;
}
