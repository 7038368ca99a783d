/**
 * The pupil's account beyond the profile (issue 12): parent requests, history tables, video reports, assistance videos.
 * DTOs of the API (SPEC §3 field names) and the valibot schemas of their inputs (SPEC §5). Imports nothing of the project
 * but `domain/`.
 */
import * as v from "valibot";
import { idSchema, intSchema, withEntries } from "./schemas/common";
import { PersonNameSchema } from "./schemas/common";

// ───────────────────────── parents ─────────────────────────

const id = v.pipe(v.number(), v.integer());
const millimes = v.pipe(v.number(), v.safeInteger());

/**
 * A person of a parent request, as the other side sees them (never a phone, an e-mail or an id of anything else); names
 * null for an operator's subscriber who has not given theirs (`PersonNameSchema`).
 */
const personFields = { id, name: PersonNameSchema, last_name: PersonNameSchema };
const ParentRequestPersonSchema = v.strictObject(personFields);

/**
 * A parent request (SPEC §3 "Parent request"): `approved` null while pending, then true or false for good.
 * The parent's list carries `child_user`, the pupil's list `parent_user`; both carry both.
 */
export const ParentRequestDtoSchema = v.strictObject({
  id,
  approved: v.nullable(v.boolean()),
  created_at: v.string(),
  parent_user: ParentRequestPersonSchema,
  child_user: v.strictObject(
    withEntries(personFields, {
      division: v.nullable(v.strictObject({ id, name: v.string(), name_ar: v.string(), name_en: v.string() })),
      /** The child's gender when the profile gives it: the parent's sentences about them agree with it (Arabic, French). */
      gender: v.nullable(v.picklist(["male", "female"])),
    }),
  ),
});
export type ParentRequestDto = v.InferOutput<typeof ParentRequestDtoSchema>;

/** `PUT /request-parent-user-children/{id}`: `approved` true (approve) or false (refuse). */
export const AnswerParentRequestSchema = v.object({
  approved: v.pipe(
    v.union([v.boolean(), v.picklist(["true", "false", "1", "0"]), v.picklist([0, 1])], "approved_required"),
    v.transform((x) => x === true || x === "true" || x === "1" || x === 1),
  ),
});

/** A request is final once answered (SPEC §4). */
export function isParentRequestPending(r: Pick<ParentRequestDto, "approved">): boolean {
  return r.approved === null;
}

// ───────────────────────── history ─────────────────────────

/** A row of `GET /student/history/subscriptions` (SPEC §3 "Subscription"); amounts in millimes. */
export const SubscriptionHistoryDtoSchema = v.strictObject({
  id,
  group: v.strictObject({ id, name: v.string(), name_ar: v.nullish(v.string()), name_en: v.nullish(v.string()) }),
  /** The offer bought (its name as sold), when it still exists. */
  offer: v.nullable(v.strictObject({ id, name: v.string(), name_en: v.nullable(v.string()), name_ar: v.nullable(v.string()) })),
  period: v.string(),
  amount_paid: millimes,
  price: millimes,
  start_date: v.string(),
  end_date: v.string(),
  refunded: v.boolean(),
});
export type SubscriptionHistoryDto = v.InferOutput<typeof SubscriptionHistoryDtoSchema>;

// ───────────────────────── video reports ─────────────────────────

const VIDEO_REPORT_STATUSES = ["Pending", "In progress", "Rejected", "Resolved"] as const;
export type ReportStatus = (typeof VIDEO_REPORT_STATUSES)[number];

/** Edit and delete only while pending (SPEC §2 "Reports table"). */
export function isReportEditable(r: { status: string }): boolean {
  return r.status === "Pending";
}

/** `PUT /student/video-reports/{id}`: the reason and the description, both required (SPEC §5). */
export const VideoReportUpdateSchema = v.object({
  reportReason: v.pipe(v.union([v.number(), v.string()], "report_reason_required"), intSchema("report_reason_invalid", 1)),
  description: v.pipe(v.string("description_required"), v.trim(), v.nonEmpty("description_required"), v.maxLength(1000, "description_too_long")),
});

/** The operator's status change (`npm run admin -- report <id> <status> [reason]`): a rejection needs its reason. */
export const ReportStatusSchema = v.pipe(
  v.object({
    status: v.picklist(VIDEO_REPORT_STATUSES, "report_status_invalid"),
    rejectReason: v.optional(v.pipe(v.string("reject_reason_required"), v.trim(), v.maxLength(500, "description_too_long"))),
  }),
  v.forward(
    v.check((x) => x.status !== "Rejected" || Boolean(x.rejectReason), "reject_reason_required"),
    ["rejectReason"],
  ),
);

export const ReportIdParams = v.object({ id: idSchema });

/** `DELETE /student/video-reports/{id}`: the report deleted. */
export const DeletedReportDtoSchema = v.strictObject({ id });

// ───────────────────────── assistance ─────────────────────────

/**
 * One help video of `/assistance` (`GET /video-links`), with its texts in the three languages (the client picks one, like
 * the reference lists); `url` is signed for the caller's session (local media, SPEC §7 "protected video").
 */
export const HelpVideoDtoSchema = v.strictObject({
  id,
  topic: v.string(),
  topic_en: v.string(),
  topic_ar: v.string(),
  title: v.string(),
  title_en: v.string(),
  title_ar: v.string(),
  description: v.string(),
  description_en: v.string(),
  description_ar: v.string(),
  url: v.string(),
  poster: v.nullable(v.string()),
  /** Seconds. */
  duration: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type HelpVideoDto = v.InferOutput<typeof HelpVideoDtoSchema>;

/** Groups help videos by topic, keeping the order in which topics first appear. */
export function groupByTopic<T extends { topic: string }>(videos: readonly T[]): Array<{ topic: string; videos: T[] }> {
  const groups = new Map<string, T[]>();
  for (const video of videos) {
    const list = groups.get(video.topic);
    if (list) list.push(video);
    else groups.set(video.topic, [video]);
  }
  return [...groups].map(([topic, list]) => ({ topic, videos: list }));
}
