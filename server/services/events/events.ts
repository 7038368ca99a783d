/**
 * Live sessions (SPEC §7 "Events", issue 10 item 5): the pupil's weekly calendar, joining a session and the link to its
 * room, and the presence the local live room reports (the attendance time the reviews and the history read).
 *
 * - A pupil sees the sessions of their own class only: another class's session is not found (404 `event_invalid`).
 * - Joining needs an e-mail (SPEC §5: non-empty, no spaces, not numeric: 403 `email_required`), an open session
 *   (disabled or finished: 409 `event_closed`), and the module bought when the session belongs to one, unless the pupil
 *   joins directly (`needsPurchase` of domain/events.ts: 403 `event_purchase_required`). Joining twice is one
 *   registration (the second answers the same).
 * - The link: 403 `event_not_joined` before joining; before the start `{ eventStartTime }` (the screen counts down);
 *   from the start to the end the room's URL (server/adapters/live); after the end 409 `event_closed`.
 * - Presence: each beat of the room adds the time since the last beat, at most `ATTENDANCE_GAP_MAX_S`, within the
 *   session's hours; the row is locked while it is counted, so two tabs never count the same seconds twice.
 */
import { and, asc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import {
  ATTENDANCE_GAP_MAX_S,
  eventStatus,
  needsPurchase,
  sessionAction,
  type EventsCalendarDto,
  type JoinEventDto,
  type JoinLinkDto,
  type LiveEventDto,
  type LiveRoomDto,
  type SessionViewer,
} from "../../../domain/events";
import { addDays, dayEnd, tunisDay, tunisMidnight, tunisWeek, weekDay } from "../../../domain/days";
import { GROUP } from "../../../domain/constants";
import type { Db, Tx } from "../../db/client";
import { affiliations, chapters, divisions, instructors, liveEventAttendees, liveEvents, subjects, users } from "../../db/schema";
import type { AuthInfo } from "../../lib/auth";
import type { Deps } from "../../lib/deps";
import { AppError } from "../../lib/errors";
import { liveRooms } from "../../adapters/live";

type Auth = Pick<AuthInfo, "userId">;

/** What the rules need of the pupil: class, e-mail, versPilote, teacher's child, the modules bought (live affiliations). */
export interface EventViewer extends SessionViewer {
  userId: number;
  email: string | null;
  displayName: string;
  ownedChapters: ReadonlySet<number>;
}

export async function loadEventViewer(db: Db | Tx, userId: number, now: Date): Promise<EventViewer> {
  const [u] = await db
    .select({ divisionId: users.divisionId, email: users.email, versPilote: users.versPilote, name: users.name, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const live = await db
    .select({ groupId: affiliations.groupId, chapterId: affiliations.chapterId })
    .from(affiliations)
    .where(and(eq(affiliations.userId, userId), sql`${affiliations.endDate} >= ${tunisDay(now)}`, sql`${affiliations.refundedAt} is null`));
  const profSon: readonly number[] = GROUP.profSon;
  return {
    userId,
    divisionId: u?.divisionId ?? null,
    email: u?.email ?? null,
    displayName: u ? `${u.name} ${u.lastName}`.trim() : "",
    versPilote: u?.versPilote ?? false,
    isProfSon: live.some((a) => profSon.includes(a.groupId)),
    ownedChapters: new Set(live.flatMap((a) => (a.chapterId === null ? [] : [a.chapterId]))),
  };
}

/** SPEC §5 "Email for sessions": non-empty, no spaces, not numeric. */
const hasSessionEmail = (email: string | null): boolean => Boolean(email && email.trim() !== "" && !/\s/.test(email) && !/^\d+$/.test(email));

type EventRow = typeof liveEvents.$inferSelect;

/** The session of the pupil's class, or 404 `event_invalid` (another class's session is not found). */
export async function eventOfClass(db: Db | Tx, eventId: number, divisionId: number | null, lock = false): Promise<EventRow> {
  if (divisionId === null) throw new AppError(404, "event_invalid");
  const q = db.select().from(liveEvents).where(and(eq(liveEvents.id, eventId), eq(liveEvents.divisionId, divisionId))).limit(1);
  const [ev] = lock ? await q.for("update") : await q;
  if (!ev) throw new AppError(404, "event_invalid");
  return ev;
}

/** The sessions of one class between two instants, as the calendar shows them to this pupil. */
async function eventsBetween(db: Db | Tx, viewer: EventViewer, from: Date, to: Date, now: Date, subjectId?: number): Promise<LiveEventDto[]> {
  if (viewer.divisionId === null) return [];
  const conditions = [eq(liveEvents.divisionId, viewer.divisionId), lt(liveEvents.startAt, to), gt(liveEvents.endAt, from)];
  if (subjectId !== undefined) conditions.push(eq(liveEvents.subjectId, subjectId));
  const rows = await db
    .select({ ev: liveEvents, subject: subjects, chapterName: chapters.name, chapterNameAr: chapters.nameAr, chapterNameEn: chapters.nameEn, teacher: instructors })
    .from(liveEvents)
    .innerJoin(subjects, eq(subjects.id, liveEvents.subjectId))
    .leftJoin(chapters, eq(chapters.id, liveEvents.chapterId))
    .leftJoin(instructors, eq(instructors.id, liveEvents.instructorId))
    .where(and(...conditions))
    .orderBy(asc(liveEvents.startAt), asc(liveEvents.id));
  if (!rows.length) return [];
  const ids = rows.map((r) => r.ev.id);
  const joined = new Set(
    (
      await db
        .select({ eventId: liveEventAttendees.eventId })
        .from(liveEventAttendees)
        .where(and(eq(liveEventAttendees.userId, viewer.userId), inArray(liveEventAttendees.eventId, ids)))
    ).map((r) => r.eventId),
  );
  const chapterIds = [...new Set(rows.flatMap((r) => (r.ev.chapterId === null ? [] : [r.ev.chapterId])))];
  const modules = new Map<number, { total: number; coming: number; past: number }>();
  if (chapterIds.length) {
    const counts = await db
      .select({
        chapterId: liveEvents.chapterId,
        total: sql<number>`count(*)::int`,
        coming: sql<number>`(count(*) filter (where ${liveEvents.startAt} > ${now}))::int`,
        past: sql<number>`(count(*) filter (where ${liveEvents.endAt} <= ${now}))::int`,
      })
      .from(liveEvents)
      .where(inArray(liveEvents.chapterId, chapterIds))
      .groupBy(liveEvents.chapterId);
    for (const c of counts) modules.set(c.chapterId!, { total: c.total, coming: c.coming, past: c.past });
  }
  return rows.map(({ ev, subject, chapterName, chapterNameAr, chapterNameEn, teacher }) => {
    const status = eventStatus({ start: ev.startAt, end: ev.endAt }, now);
    const owned = ev.chapterId !== null && viewer.ownedChapters.has(ev.chapterId);
    const participated = joined.has(ev.id);
    const disabled = ev.disabled || status === "finished";
    const module = ev.chapterId === null ? undefined : modules.get(ev.chapterId);
    const day = tunisDay(ev.startAt);
    return {
      id: ev.id,
      name: ev.name,
      name_ar: ev.nameAr,
      name_en: ev.nameEn,
      day: weekDay(day),
      subject: { id: subject.id, slug: subject.slug, name: subject.name, name_ar: subject.nameAr, name_en: subject.nameEn, color: subject.color },
      disabled,
      participated,
      owned,
      action: sessionAction({ disabled, versPilote: ev.versPilote, chapterId: ev.chapterId, owned, participated }, viewer),
      status,
      event: {
        start_time: ev.startAt.toISOString(),
        end_time: ev.endAt.toISOString(),
        description: ev.description,
        files: [],
        versPilote: ev.versPilote,
        chapterId: ev.chapterId,
        has_hessaty_chapter: ev.chapterId !== null,
        traineeship_name: chapterName ?? null,
        traineeship_name_ar: chapterNameAr ?? null,
        traineeship_name_en: chapterNameEn ?? null,
        totalSeances: module?.total ?? 1,
        price: ev.price,
        comingContentHessaty: module?.coming ?? 0,
        depassedContentHessaty: module?.past ?? 0,
        dayDate: day,
      },
      hessatyId: ev.chapterId,
      teacher: teacher ? { id: teacher.id, name: teacher.name, last_name: teacher.lastName } : null,
    };
  });
}

/** `GET /events?offset&today`: the week `offset` weeks from now, or (today=1) today's and tomorrow's sessions. */
export async function listEvents(deps: Pick<Deps, "db" | "now">, auth: Auth, query: { offset: number; today: "0" | "1" }): Promise<EventsCalendarDto> {
  const now = deps.now();
  const viewer = await loadEventViewer(deps.db, auth.userId, now);
  const week = tunisWeek(now, query.offset);
  const today = tunisDay(now);
  const [from, to] = query.today === "1" ? [tunisMidnight(today), dayEnd(addDays(today, 1))] : [week.start, week.end];
  const contents = await eventsBetween(deps.db, viewer, from, to, now);
  const levels =
    viewer.divisionId === null ? [] : await deps.db.select({ id: divisions.id, name: divisions.name }).from(divisions).where(eq(divisions.id, viewer.divisionId));
  return {
    days: week.days,
    contents,
    currentWeek: { now: now.toISOString(), offset: query.offset, start: week.start.toISOString(), end: week.end.toISOString() },
    student_levels: levels,
  };
}

/** `POST /events/join-user`. */
export async function joinEvent(deps: Pick<Deps, "db" | "now">, auth: Auth, eventId: number): Promise<JoinEventDto> {
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const viewer = await loadEventViewer(tx, auth.userId, now);
    const ev = await eventOfClass(tx, eventId, viewer.divisionId);
    if (!hasSessionEmail(viewer.email)) throw new AppError(403, "email_required");
    if (ev.disabled || eventStatus({ start: ev.startAt, end: ev.endAt }, now) === "finished") throw new AppError(409, "event_closed");
    const owned = ev.chapterId !== null && viewer.ownedChapters.has(ev.chapterId);
    if (needsPurchase({ versPilote: ev.versPilote, chapterId: ev.chapterId, owned }, viewer)) throw new AppError(403, "event_purchase_required");
    await tx.insert(liveEventAttendees).values({ eventId: ev.id, userId: auth.userId, joinedAt: now }).onConflictDoNothing();
    return { event_id: ev.id, participated: true };
  });
}

/** `GET /events/{eventId}/get-join-link`. */
export async function joinLink(deps: Pick<Deps, "db" | "now" | "env">, auth: Auth, eventId: number): Promise<JoinLinkDto> {
  const now = deps.now();
  const viewer = await loadEventViewer(deps.db, auth.userId, now);
  const ev = await eventOfClass(deps.db, eventId, viewer.divisionId);
  const [attendee] = await deps.db
    .select({ id: liveEventAttendees.id })
    .from(liveEventAttendees)
    .where(and(eq(liveEventAttendees.eventId, ev.id), eq(liveEventAttendees.userId, auth.userId)))
    .limit(1);
  if (!attendee) throw new AppError(403, "event_not_joined");
  const status = eventStatus({ start: ev.startAt, end: ev.endAt }, now);
  if (ev.disabled || status === "finished") throw new AppError(409, "event_closed");
  if (status === "upcoming") return { eventStartTime: ev.startAt.toISOString() };
  const room = liveRooms(deps.env).roomUrl({ eventId: ev.id, roomKey: ev.roomKey, displayName: viewer.displayName });
  return { url: room.url, external: room.external };
}

/** `POST /events/{eventId}/attendance`: one presence beat of the local live room. */
export async function attendanceBeat(deps: Pick<Deps, "db" | "now">, auth: Auth, eventId: number): Promise<LiveRoomDto> {
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const viewer = await loadEventViewer(tx, auth.userId, now);
    const ev = await eventOfClass(tx, eventId, viewer.divisionId);
    const [attendee] = await tx
      .select()
      .from(liveEventAttendees)
      .where(and(eq(liveEventAttendees.eventId, ev.id), eq(liveEventAttendees.userId, auth.userId)))
      .for("update")
      .limit(1);
    if (!attendee) throw new AppError(403, "event_not_joined");
    const status = eventStatus({ start: ev.startAt, end: ev.endAt }, now);
    if (ev.disabled || status !== "ongoing") throw new AppError(409, "event_closed");
    let added = 0;
    if (attendee.lastSeenAt) {
      const since = Math.max(attendee.lastSeenAt.getTime(), ev.startAt.getTime());
      added = Math.max(0, Math.min(ATTENDANCE_GAP_MAX_S, Math.floor((now.getTime() - since) / 1000)));
    }
    const [updated] = await tx
      .update(liveEventAttendees)
      .set({ attendanceS: attendee.attendanceS + added, lastSeenAt: now })
      .where(eq(liveEventAttendees.id, attendee.id))
      .returning({ attendanceS: liveEventAttendees.attendanceS });
    const [dto] = await eventsBetween(tx, viewer, ev.startAt, ev.endAt, now).then((list) => list.filter((e) => e.id === ev.id));
    return { event: dto!, attendanceTimeInSeconds: updated!.attendanceS };
  });
}
