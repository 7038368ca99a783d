import { api } from "@/lib/api";
import { env } from "@/lib/env";

/** `POST /svc/reviews/review`: a rating 1–5 and an optional comment, once per session. */
export async function postReview(input: { content_event_id: number; rating: number; comment: string | null }): Promise<void> {
  await api("/review", { base: env.reviewsBase, method: "POST", body: input });
}
