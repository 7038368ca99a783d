import { ProgressAnswerDtoSchema } from "../../../domain/learning";
import { ProgressPostSchema } from "../../../domain/schemas/progress";
import { AppError } from "../../lib/errors";
import { readIdempotencyKey, requestHash } from "../../lib/idempotency";
import { PUPIL_ONLY } from "../../lib/access";
import { checkAnswer, defineRoute } from "../../lib/route";
import { ingestProgress } from "../../services/progress/ingest";

/**
 * The answer is a Response of its own (below), which the mount does not check: the handler checks it against the
 * declared schema itself under NODE_ENV=test, as every other answer is.
 */
const postProgress = defineRoute({
  method: "post",
  base: "/svc/progress",
  path: "/progress",
  summary: "Record watched ranges, position and totals of a lesson (X-Api-Key and the pupil's bearer token); answers the expired flag; honours Idempotency-Key",
  tag: "progress",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404 },
  answer: ProgressAnswerDtoSchema,
  body: ProgressPostSchema,
  // Up to 500 watched ranges with fractional seconds.
  bodyLimit: 32 * 1024,
  handler: async ({ deps, auth, body, c }) => {
    if (c.req.header("x-api-key") !== deps.env.PROGRESS_API_KEY) throw new AppError(401, "unauthorized", undefined, "Missing or wrong X-Api-Key");
    // The outbox sends every post with an Idempotency-Key: a replay gets the first answer back, applied once.
    const key = readIdempotencyKey(c.req.header("idempotency-key"));
    const { result: payload, replayed } = await ingestProgress(deps, { auth, input: body, key, hash: requestHash("POST", c.req.path, body) });
    if (deps.env.NODE_ENV === "test") await checkAnswer(postProgress, payload);
    const replayHeader: Record<string, string> = replayed ? { "Idempotency-Replayed": "true" } : {};
    // The hottest write of the platform (every player, every 50 s): the answer is about 80 bytes, so it goes with its
    // Content-Length, which lets the compress middleware skip it (under its 1 kB threshold) instead of streaming a
    // few bytes through gzip for every browser that accepts it.
    const json = JSON.stringify({ payload });
    return c.body(json, 200, { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(json)), ...replayHeader });
  },
});

export default postProgress;
