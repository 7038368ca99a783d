import type { ProgressAnswerDto } from "@domain/learning";
import type { ProgressPostInput } from "@domain/schemas/progress";
import { sendOrQueue } from "@/lib/offline/send";
import { env } from "@/lib/env";

/**
 * `POST {progressBase}/progress` with the pupil's bearer token and the web client's `X-Api-Key`, through the outbox
 * (DESIGN §4): the post is stored on the device first, then sent with an Idempotency-Key. Resolves with the server's
 * answer, or with null when the post stays on the device (offline, server unreachable) to be replayed later, once.
 * Rejects when the server refuses it (validation, locked lesson).
 */
export async function sendProgress(post: ProgressPostInput): Promise<ProgressAnswerDto | null> {
  const result = await sendOrQueue<ProgressAnswerDto>({
    kind: "progress",
    url: `${env.progressBase}/progress`,
    headers: { "X-Api-Key": env.progressApiKey },
    body: post,
    scope: `lesson:${post.contentId}`,
  });
  return result.status === "sent" ? result.payload : null;
}
