/**
 * The reviews service (SPEC §7 "External services": GET rateables, POST review, POST dont-want-to-rate) and the
 * attendance history of the analytics service (`attendance-history?limit&from`, data and meta.total).
 *
 * A session is rateable once the pupil spent time in its room (attendance above zero) and never answered for it; an
 * answer is a rating 1–5 with an optional comment, or a refusal (rating null). One answer per attendance, enforced by
 * the table's key: a second is 409 `review_exists`, whatever the timing. Rating a session of one's class never
 * attended is 403 `session_not_attended`; another class's session is not found.
 */
import { and, count, desc, eq, gt, isNull, lte } from "drizzle-orm";
import type { AttendanceRowDto, RateableDto, ReviewDto } from "../../../domain/events";
import { liveEventAttendees, liveEventReviews, liveEvents } from "../../db/schema";
import type { AuthInfo } from "../../lib/auth";
import type { Deps } from "../../lib/deps";
import { AppError } from "../../lib/errors";
import { pageMeta } from "../../lib/paging";
import { eventOfClass, loadEventViewer } from "./events";

type Auth = Pick<AuthInfo, "userId">;

/** `GET /svc/reviews/rateables`: attended sessions without an answer, newest first. */
export async function rateables(deps: Pick<Deps, "db" | "now">, auth: Auth): Promise<RateableDto[]> {
  const rows = await deps.db
    .select({ attendee: liveEventAttendees, ev: liveEvents })
    .from(liveEventAttendees)
    .innerJoin(liveEvents, eq(liveEvents.id, liveEventAttendees.eventId))
    .leftJoin(liveEventReviews, eq(liveEventReviews.attendeeId, liveEventAttendees.id))
    .where(
      and(
        eq(liveEventAttendees.userId, auth.userId),
        gt(liveEventAttendees.attendanceS, 0),
        lte(liveEvents.startAt, deps.now()),
        isNull(liveEventReviews.attendeeId),
      ),
    )
    .orderBy(desc(liveEvents.startAt), desc(liveEvents.id))
    .limit(20);
  return rows.map(({ attendee, ev }) => ({
    attendee: { id: attendee.id, attendanceTimeInSeconds: attendee.attendanceS },
    content_event: { id: ev.id, start_date: ev.startAt.toISOString(), content: { name: ev.name, name_ar: ev.nameAr, name_en: ev.nameEn } },
  }));
}

/** The pupil's attendance of a session of their class, or the refusals above. */
async function attendedRow(deps: Pick<Deps, "db" | "now">, auth: Auth, eventId: number) {
  const viewer = await loadEventViewer(deps.db, auth.userId, deps.now());
  const ev = await eventOfClass(deps.db, eventId, viewer.divisionId);
  const [attendee] = await deps.db
    .select()
    .from(liveEventAttendees)
    .where(and(eq(liveEventAttendees.eventId, ev.id), eq(liveEventAttendees.userId, auth.userId)))
    .limit(1);
  if (!attendee || attendee.attendanceS <= 0) throw new AppError(403, "session_not_attended");
  return attendee;
}

/** `POST /svc/reviews/review`. */
export async function review(
  deps: Pick<Deps, "db" | "now">,
  auth: Auth,
  input: { content_event_id: number; rating: number; comment: string | null },
): Promise<ReviewDto> {
  const attendee = await attendedRow(deps, auth, input.content_event_id);
  const comment = input.comment ? input.comment : null;
  const inserted = await deps.db
    .insert(liveEventReviews)
    .values({ attendeeId: attendee.id, rating: input.rating, comment, createdAt: deps.now() })
    .onConflictDoNothing()
    .returning({ id: liveEventReviews.attendeeId });
  if (!inserted.length) throw new AppError(409, "review_exists");
  return { content_event_id: input.content_event_id, rating: input.rating, comment };
}

/**
 * `POST /svc/reviews/dont-want-to-rate`: with an empty body (as the SPEC calls it), every pending rateable is declined,
 * so the dialog does not come back; with `content_event_id`, that one only (409 when it was answered already).
 */
export async function declineRating(deps: Pick<Deps, "db" | "now">, auth: Auth, eventId: number | null): Promise<{ declined: number }> {
  if (eventId !== null) {
    const attendee = await attendedRow(deps, auth, eventId);
    const inserted = await deps.db
      .insert(liveEventReviews)
      .values({ attendeeId: attendee.id, rating: null, createdAt: deps.now() })
      .onConflictDoNothing()
      .returning({ id: liveEventReviews.attendeeId });
    if (!inserted.length) throw new AppError(409, "review_exists");
    return { declined: 1 };
  }
  const pending = await rateables(deps, auth);
  if (!pending.length) return { declined: 0 };
  const inserted = await deps.db
    .insert(liveEventReviews)
    .values(pending.map((p) => ({ attendeeId: p.attendee.id, rating: null, createdAt: deps.now() })))
    .onConflictDoNothing()
    .returning({ id: liveEventReviews.attendeeId });
  return { declined: inserted.length };
}

/** `GET /svc/analytics/attendance-history?limit&from`: the sessions attended, newest first, and their total. */
export async function attendanceHistory(
  deps: Pick<Deps, "db">,
  auth: Auth,
  query: { limit: number; from: number },
): Promise<{ payload: AttendanceRowDto[]; meta: ReturnType<typeof pageMeta> }> {
  const where = and(eq(liveEventAttendees.userId, auth.userId), gt(liveEventAttendees.attendanceS, 0));
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ ev: liveEvents, seconds: liveEventAttendees.attendanceS })
      .from(liveEventAttendees)
      .innerJoin(liveEvents, eq(liveEvents.id, liveEventAttendees.eventId))
      .where(where)
      .orderBy(desc(liveEvents.startAt), desc(liveEvents.id))
      .limit(query.limit)
      .offset(query.from),
    deps.db.select({ n: count() }).from(liveEventAttendees).where(where),
  ]);
  return {
    payload: rows.map(({ ev, seconds }) => ({ event_id: ev.id, session_start_date: ev.startAt.toISOString(), title: ev.name, attendance_duration: seconds })),
    meta: pageMeta(Math.floor(query.from / query.limit) + 1, query.limit, total?.n ?? 0),
  };
}
