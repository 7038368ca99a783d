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
