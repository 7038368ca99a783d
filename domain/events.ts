/**
 * Live sessions ("En direct", SPEC §2, §3 "Live event", §4, §6, §9): the calendar week, the session's status and
 * action, the countdown and the labels, shared by the `/sessions` screen, the home widget and the server.
 * Days are days of Africa/Tunis whatever the device's zone; week days 1–7, Monday first, Sunday 7.
 */
import * as v from "valibot";
import { addDays, tunisDay } from "./days";
import { idSchema, intSchema } from "./schemas/common";

/** Names of a session: 30 characters on a desktop, 60 on a phone (SPEC §9). */
const EVENT_NAME_MAX_DESKTOP = 30;
const EVENT_NAME_MAX_MOBILE = 60;
/** The countdown shows 1 to 13 days and hours; further away it shows the date. */
const EVENT_COUNTDOWN_MAX_DAYS = 13;
/** `offset` moves the calendar by weeks, at most a school year either way. */
export const EVENT_OFFSET_MAX = 52;
/** Division 31: versPilote sessions are joined directly there (SPEC §6, §9). */
const PILOTE_DIVISION = 31;
/** "Bientôt": starts within this time. */
const EVENT_SOON_MS = 60 * 60 * 1000;
/** The live room reports presence this often; a gap longer than `ATTENDANCE_GAP_MAX_S` counts for that much only. */
export const ATTENDANCE_BEAT_S = 15;
export const ATTENDANCE_GAP_MAX_S = 60;
export const REVIEW_COMMENT_MAX = 500;
const ATTENDANCE_LIMIT_MAX = 100;
const ATTENDANCE_DEFAULT_LIMIT = 10;

// ─────────────── status, action, countdown, labels ───────────────

/** Calendar status (SPEC §4): "En Cours", "Bientôt", "Terminée". */
const EVENT_STATUSES = ["ongoing", "upcoming", "finished"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export function eventStatus(ev: { start: Date; end: Date }, now: Date): EventStatus {
  if (now.getTime() >= ev.end.getTime()) return "finished";
  if (now.getTime() >= ev.start.getTime()) return "ongoing";
  return "upcoming";
}

/** Who is looking, for the action rules of SPEC §6. */
export interface SessionViewer {
  isProfSon: boolean;
  versPilote: boolean;
  divisionId: number | null;
}

/** A session as the action rules see it. */
export interface SessionFacts {
  disabled: boolean;
  versPilote: boolean;
  /** The module (hessaty chapter) the session belongs to, if any. */
  chapterId: number | null;
  /** The pupil bought that module. */
  owned: boolean;
  /** The pupil registered (joined) already. */
  participated: boolean;
}

/**
 * Whether the session must be bought first (SPEC §4 "Acheter", §6): a module-linked session the pupil has not bought,
 * unless they join directly: a teacher's child (isProfSon, groups 107 and 112 count) or a versPilote pupil joins every
 * non-versPilote session directly, and versPilote sessions directly in division 31.
 */
export function needsPurchase(ev: Pick<SessionFacts, "versPilote" | "chapterId" | "owned">, viewer: SessionViewer): boolean {
  if (ev.chapterId === null || ev.owned) return false;
  const privileged = viewer.isProfSon || viewer.versPilote;
  if (privileged && (!ev.versPilote || viewer.divisionId === PILOTE_DIVISION)) return false;
  return true;
}

/** The session's button (SPEC §4): "Acheter", "Participer", "Commencer", "Fermer". */
const SESSION_ACTIONS = ["buy", "join", "start", "close"] as const;
export type SessionAction = (typeof SESSION_ACTIONS)[number];

export function sessionAction(ev: SessionFacts, viewer: SessionViewer): SessionAction {
  if (ev.disabled) return "close";
  if (needsPurchase(ev, viewer)) return "buy";
  return ev.participated ? "start" : "join";
}

/** The countdown to a start (SPEC §9): days (at most 13) and hours; null once started or further than 13 days. */
export function countdown(start: Date, now: Date): { days: number; hours: number; minutes: number } | null {
  const ms = start.getTime() - now.getTime();
  if (ms <= 0) return null;
  const totalMinutes = Math.ceil(ms / 60_000);
  const days = Math.floor(totalMinutes / 1440);
  if (days > EVENT_COUNTDOWN_MAX_DAYS) return null;
  return { days, hours: Math.floor((totalMinutes % 1440) / 60), minutes: totalMinutes % 60 };
}

/** The home widget's label of a session (SPEC §4): ongoing, finished, soon (within the hour), today, tomorrow, later. */
export type SessionWhen = "ongoing" | "finished" | "soon" | "today" | "tomorrow" | "later";

export function sessionWhen(ev: { start: Date; end: Date }, now: Date): SessionWhen {
  const status = eventStatus(ev, now);
  if (status !== "upcoming") return status;
  if (ev.start.getTime() - now.getTime() <= EVENT_SOON_MS) return "soon";
  const day = tunisDay(ev.start);
  const today = tunisDay(now);
  if (day === today) return "today";
  if (day === addDays(today, 1)) return "tomorrow";
  return "later";
}

/** A session's name cut at 30 characters on a desktop, 60 on a phone, with an ellipsis (whole characters, not halves). */
export function truncateEventName(name: string, mobile: boolean): string {
  const max = mobile ? EVENT_NAME_MAX_MOBILE : EVENT_NAME_MAX_DESKTOP;
  const chars = Array.from(name);
  return chars.length <= max ? name : `${chars.slice(0, max).join("").trimEnd()}…`;
}

// ─────────────── the API (SPEC §7 "Events", reviews and attendance) ───────────────

const offsetSchema = v.pipe(
  v.union([v.pipe(v.number(), v.integer("week_offset_invalid")), v.pipe(v.string(), v.regex(/^-?\d{1,3}$/, "week_offset_invalid"), v.transform(Number))], "week_offset_invalid"),
  v.minValue(-EVENT_OFFSET_MAX, "week_offset_invalid"),
  v.maxValue(EVENT_OFFSET_MAX, "week_offset_invalid"),
);

/** `GET /events?offset&today`: the week `offset` weeks from now; `today=1`: today's and tomorrow's sessions only. */
export const EventsQuery = v.object({
  offset: v.optional(offsetSchema, 0),
  today: v.optional(v.picklist(["0", "1"], "validation_failed"), "0"),
});

/** A required id whose absence reports `code`. */
const requiredId = (code: "event_invalid") =>
  v.optional(v.pipe(v.unknown(), v.check((x) => x !== undefined && x !== null && x !== "", code), idSchema), "");

/** `POST /events/join-user`: the session (`content_id`) and the platform's domain (optional, kept for the API's shape). */
export const JoinEventBody = v.object({
  content_id: requiredId("event_invalid"),
  domain_id: v.optional(v.nullable(idSchema), null),
});

export const EventIdParams = v.object({ eventId: idSchema });

/** `POST /events/{eventId}/attendance`: the live room's presence beat. */
export const AttendanceBeatBody = v.object({ leaving: v.optional(v.boolean("validation_failed"), false) });

/** `POST /svc/reviews/review`. */
export const ReviewBody = v.object({
  content_event_id: requiredId("event_invalid"),
  rating: v.optional(
    v.pipe(v.unknown(), v.check((x) => x !== undefined && x !== null && x !== "", "rating_required"), intSchema("rating_required", 1, 5)),
    "",
  ),
  comment: v.optional(v.nullable(v.pipe(v.string("comment_too_long"), v.trim(), v.maxLength(REVIEW_COMMENT_MAX, "comment_too_long"))), null),
});

/** `POST /svc/reviews/dont-want-to-rate` (SPEC: empty body): the oldest rateable is declined; or the one named. */
export const DeclineBody = v.object({ content_event_id: v.optional(v.nullable(idSchema), null) });

/** `GET /svc/analytics/attendance-history?limit&from`. */
export const AttendanceQuery = v.object({
  limit: v.optional(intSchema("limit_invalid", 1, ATTENDANCE_LIMIT_MAX), ATTENDANCE_DEFAULT_LIMIT),
  from: v.optional(intSchema("page_invalid", 0, 1_000_000), 0),
});

/** Operator: move a session (`npm run admin -- event-move <id> <start>`); the end keeps the duration. */
export const MoveEventBody = v.object({
  id: idSchema,
  start: v.pipe(
    v.string("start_invalid"),
    v.check((s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(s) && !Number.isNaN(Date.parse(s)), "start_invalid"),
    v.transform((s) => new Date(s)),
  ),
});

// ─────────────── the API's answers, written once as valibot schemas (the server declares them, the client reads their types) ───────────────

const id = v.pipe(v.number(), v.integer());
const seconds = v.pipe(v.number(), v.integer(), v.minValue(0));
const nullableText = v.nullable(v.string());

const EventRefDtoSchema = v.strictObject({ id, name: v.string() });

/** One session of the calendar (SPEC §3 "Live event"). */
const LiveEventDtoSchema = v.strictObject({
  id,
  name: v.string(),
  name_ar: nullableText,
  name_en: nullableText,
  /** Week day 1–7 (Sunday 7). */
  day: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(7)),
  subject: v.strictObject({ id, slug: v.string(), name: v.string(), name_ar: nullableText, name_en: nullableText, color: v.string() }),
  disabled: v.boolean(),
  participated: v.boolean(),
  /** The module is bought (module-linked sessions). */
  owned: v.boolean(),
  /** What the pupil's button does (computed by the server with `sessionAction`). */
  action: v.picklist(SESSION_ACTIONS),
  status: v.picklist(EVENT_STATUSES),
  event: v.strictObject({
    start_time: v.string(),
    end_time: v.string(),
    description: v.string(),
    files: v.array(v.strictObject({ name: v.string(), url: v.string() })),
    versPilote: v.boolean(),
    chapterId: v.nullable(id),
    has_hessaty_chapter: v.boolean(),
    /** The module's (its chapter's) name, French, with its Arabic and English versions. */
    traineeship_name: nullableText,
    traineeship_name_ar: v.optional(nullableText),
    traineeship_name_en: v.optional(nullableText),
    totalSeances: seconds,
    /** Millimes. */
    price: v.nullable(v.pipe(v.number(), v.safeInteger())),
    comingContentHessaty: seconds,
    depassedContentHessaty: seconds,
    dayDate: v.string(),
  }),
  hessatyId: v.nullable(id),
  teacher: v.nullable(v.strictObject({ id, name: v.string(), last_name: v.string() })),
});
export type LiveEventDto = v.InferOutput<typeof LiveEventDtoSchema>;

/** `GET /events` (SPEC §3 "Calendar payload"). */
export const EventsCalendarDtoSchema = v.strictObject({
  days: v.array(v.strictObject({ day: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(7)), date: v.string() })),
  contents: v.array(LiveEventDtoSchema),
  currentWeek: v.strictObject({ now: v.string(), offset: v.pipe(v.number(), v.integer()), start: v.string(), end: v.string() }),
  student_levels: v.array(EventRefDtoSchema),
});
export type EventsCalendarDto = v.InferOutput<typeof EventsCalendarDtoSchema>;

/** `POST /events/join-user`. */
export const JoinEventDtoSchema = v.strictObject({ event_id: id, participated: v.literal(true) });
export type JoinEventDto = v.InferOutput<typeof JoinEventDtoSchema>;

/** `GET /events/{id}/get-join-link`: before the start, `eventStartTime`; after, the room's `url`. */
export const JoinLinkDtoSchema = v.union([
  v.strictObject({ eventStartTime: v.string(), url: v.optional(v.undefined()) }),
  v.strictObject({ url: v.string(), eventStartTime: v.optional(v.undefined()), external: v.boolean() }),
]);
export type JoinLinkDto = v.InferOutput<typeof JoinLinkDtoSchema>;

/** `POST /events/{eventId}/attendance`: the live room as its page shows it, and the time counted so far. */
export const LiveRoomDtoSchema = v.strictObject({ event: LiveEventDtoSchema, attendanceTimeInSeconds: seconds });
export type LiveRoomDto = v.InferOutput<typeof LiveRoomDtoSchema>;

/** `GET /svc/reviews/rateables` (SPEC §3 "Rateable live session"). */
export const RateableDtoSchema = v.strictObject({
  attendee: v.strictObject({ id, attendanceTimeInSeconds: seconds }),
  content_event: v.strictObject({ id, start_date: v.string(), content: v.strictObject({ name: v.string(), name_ar: nullableText, name_en: nullableText }) }),
});
export type RateableDto = v.InferOutput<typeof RateableDtoSchema>;

/** `POST /svc/reviews/review`: the rating recorded. */
export const ReviewDtoSchema = v.strictObject({ content_event_id: id, rating: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)), comment: nullableText });
export type ReviewDto = v.InferOutput<typeof ReviewDtoSchema>;

/** `POST /svc/reviews/dont-want-to-rate`: how many sessions were declined. */
export const DeclineDtoSchema = v.strictObject({ declined: seconds });

/** `GET /svc/analytics/attendance-history` (SPEC §3 "Attendance history row"); duration in seconds. */
export const AttendanceRowDtoSchema = v.strictObject({ event_id: id, session_start_date: v.string(), title: v.string(), attendance_duration: seconds });
export type AttendanceRowDto = v.InferOutput<typeof AttendanceRowDtoSchema>;

/** `POST /admin/events/move`: the session's new hours and how many pupils were told. */
export const MovedEventDtoSchema = v.strictObject({ id, start_time: v.string(), end_time: v.string(), notified: seconds });
export type MovedEventDto = v.InferOutput<typeof MovedEventDtoSchema>;
