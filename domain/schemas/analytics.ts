import * as v from "valibot";
import { idSchema } from "./common";

/** The reactions of SPEC §3: counted for all five, but a pupil sets only love or sad (or clears with none). */
export const REACTION_TYPES = ["angry", "sad", "thinking", "happy", "love"] as const;
export type ReactionType = (typeof REACTION_TYPES)[number];
const SETTABLE_REACTIONS = ["love", "sad", "none"] as const;
export type SettableReaction = (typeof SETTABLE_REACTIONS)[number];

/** A required field whose absence reports `code` (a missing key otherwise gives the generic validation_failed). */
const required = <S extends v.GenericSchema>(schema: S, code: "content_invalid" | "reaction_type_invalid") =>
  v.optional(v.pipe(v.unknown(), v.check((x) => x !== undefined && x !== null && x !== "", code), schema), "");

const contentId = required(idSchema, "content_invalid");

export const ReactionsQuery = v.object({ content_id: contentId });

export const ReactionBody = v.object({
  content_id: contentId,
  reaction_type: required(v.picklist(SETTABLE_REACTIONS, "reaction_type_invalid"), "reaction_type_invalid"),
});
export type ReactionInput = v.InferOutput<typeof ReactionBody>;

export const ViewBody = v.object({ content_id: contentId });

/** `GET|POST /svc/analytics/reactions`: counts of every reaction and the caller's own ("none" when unset). */
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
export const ReactionsDtoSchema = v.strictObject({
  content_id: v.pipe(v.number(), v.integer()),
  counts: v.strictObject({ angry: count, sad: count, thinking: count, happy: count, love: count }),
  reaction_type: v.picklist([...REACTION_TYPES, "none"]),
});
export type ReactionsDto = v.InferOutput<typeof ReactionsDtoSchema>;

/** `POST /svc/analytics/views`: the lesson's views after this one. */
export const ViewDtoSchema = v.strictObject({ content_id: v.pipe(v.number(), v.integer()), views: count });
export type ViewDto = v.InferOutput<typeof ViewDtoSchema>;
