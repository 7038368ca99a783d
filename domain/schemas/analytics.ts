import * as v from "valibot";
import { idSchema } from "./common";

/** The reactions of SPEC §3: counted for all five, but a pupil sets only love or sad (or clears with none). */
export const REACTION_TYPES = ["angry", "sad", "thinking", "happy", "love"] as const;
export type ReactionType = (typeof REACTION_TYPES)[number];
export const SETTABLE_REACTIONS = ["love", "sad", "none"] as const;
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
export interface ReactionsDto {
  content_id: number;
  counts: Record<ReactionType, number>;
  reaction_type: ReactionType | "none";
}

/** `POST /svc/analytics/views`. */
export interface ViewDto {
  content_id: number;
  views: number;
}
