import * as v from "valibot";
import { idSchema } from "./common";

const second = v.pipe(v.number("validation_failed"), v.finite("validation_failed"), v.minValue(0, "validation_failed"), v.maxValue(24 * 3600, "validation_failed"));

/**
 * A progress post of the player (SPEC §7 "progress service"): the watched ranges since the last post, the
 * position to resume at, and the totals the original service took. Posts may arrive late, twice or out of
 * order (offline outbox): the server merges ranges, so the result is the same.
 */
export const ProgressPostSchema = v.object({
  viewToken: v.optional(v.string()),
  contentId: idSchema,
  chapterId: idSchema,
  subjectId: idSchema,
  completed: v.optional(v.boolean(), false),
  totalWatched: v.optional(second, 0),
  watchedTime: v.optional(second, 0),
  isFree: v.optional(v.boolean(), false),
  /** Watched second ranges [start, end) since the last post. */
  ranges: v.optional(v.pipe(v.array(v.tuple([second, second]), "validation_failed"), v.maxLength(500, "validation_failed")), []),
  /** Where to resume (the player's position when posting). */
  position: v.optional(second),
  /** For documents without a duration (magazine pages seen, quiz score): a percentage, merged by maximum. */
  percentage: v.optional(v.pipe(v.number("validation_failed"), v.minValue(0, "validation_failed"), v.maxValue(100, "validation_failed"))),
});
export type ProgressPostInput = v.InferInput<typeof ProgressPostSchema>;
export type ProgressPost = v.InferOutput<typeof ProgressPostSchema>;

/** What the player is doing, as told to the progress websocket (SPEC §7). */
const PROGRESS_SOCKET_STATES = ["playing", "paused", "skipped_forward"] as const;
export type ProgressSocketState = (typeof PROGRESS_SOCKET_STATES)[number];

/**
 * A message of the progress websocket (`/svc/progress/ws?content_id=…&token=…`): the player's position in
 * seconds and its state, every 5 s while playing and on pause or a skip forward. It only moves the resume
 * position; watched ranges and percentages come from the progress posts.
 */
export const ProgressSocketMessageSchema = v.object({
  progress: second,
  state: v.picklist(PROGRESS_SOCKET_STATES, "validation_failed"),
});
export type ProgressSocketMessage = v.InferOutput<typeof ProgressSocketMessageSchema>;

/** The websocket's query: the lesson and the pupil's token (the same bearer token as the API). */
export const ProgressSocketQuerySchema = v.object({
  content_id: v.pipe(v.string("validation_failed"), v.regex(/^[1-9]\d{0,9}$/, "validation_failed"), v.transform(Number), v.maxValue(2_147_483_647, "validation_failed")),
  token: v.pipe(v.string("validation_failed"), v.minLength(1, "validation_failed"), v.maxLength(4096, "validation_failed")),
});

/**
 * Close codes of the progress websocket (4000–4999 are the application's). A client does not reconnect after
 * a refusal (bad request, unauthorized, forbidden, not found): trying again would not change the answer.
 */
export const PROGRESS_SOCKET_CLOSE = {
  normal: 1000,
  goingAway: 1001,
  serverError: 1011,
  badRequest: 4400,
  unauthorized: 4401,
  forbidden: 4403,
  notFound: 4404,
  idle: 4408,
  rateLimited: 4429,
} as const;

/** Close codes after which reconnecting is pointless. */
export const PROGRESS_SOCKET_FINAL_CLOSES: readonly number[] = [
  PROGRESS_SOCKET_CLOSE.badRequest,
  PROGRESS_SOCKET_CLOSE.unauthorized,
  PROGRESS_SOCKET_CLOSE.forbidden,
  PROGRESS_SOCKET_CLOSE.notFound,
];
