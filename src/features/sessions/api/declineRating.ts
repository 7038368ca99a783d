import { api } from "@/lib/api";
import { env } from "@/lib/env";

/** `POST /svc/reviews/dont-want-to-rate`: the pupil does not want to rate this session. */
export async function declineRating(eventId: number): Promise<void> {
  await api("/dont-want-to-rate", { base: env.reviewsBase, method: "POST", body: { content_event_id: eventId } });
}
