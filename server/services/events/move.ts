/**
 * Operator: move a live session (`npm run admin -- event-move <id> <new start>`). The session keeps its length; the
 * pupils it concerns are told in the same transaction (`notify` of the notifications service, category updateSession):
 * those registered to it, and those who may join it — the whole class for a free session, the module's buyers for a
 * module-linked one. A session that is over cannot be moved (409 `event_closed`), nor moved into the past (422).
 */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { affiliations, liveEventAttendees, liveEvents } from "../../db/schema";
import type { Deps } from "../../lib/deps";
import type { MovedEventDto } from "../../../domain/events";
import { AppError } from "../../lib/errors";
import { notifyClass } from "../notifications/notify";
import { sessionMoved } from "../notifications/texts";


export async function moveEvent(deps: Pick<Deps, "db" | "now">, input: { id: number; start: Date }): Promise<MovedEventDto> {
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const [ev] = await tx.select().from(liveEvents).where(eq(liveEvents.id, input.id)).for("update").limit(1);
    if (!ev) throw new AppError(404, "event_invalid");
    if (ev.endAt.getTime() <= now.getTime()) throw new AppError(409, "event_closed");
    if (input.start.getTime() <= now.getTime()) throw new AppError(422, "start_invalid", { start: ["start_invalid"] });
    const end = new Date(input.start.getTime() + (ev.endAt.getTime() - ev.startAt.getTime()));
    await tx.update(liveEvents).set({ startAt: input.start, endAt: end }).where(eq(liveEvents.id, ev.id));

    const message = {
      category: "updateSession" as const,
      type: "session_moved",
      texts: sessionMoved({ event: { fr: ev.name, en: ev.nameEn, ar: ev.nameAr }, start: input.start }),
      link: `/sessions?eventId=${ev.id}`,
      data: { eventId: String(ev.id), start: input.start.toISOString() },
    };
    const registered = await tx.select({ userId: liveEventAttendees.userId }).from(liveEventAttendees).where(eq(liveEventAttendees.eventId, ev.id));
    let notified: number;
    if (ev.chapterId === null) {
      notified = await notifyClass(tx, { divisionId: ev.divisionId }, message);
      // A registered pupil who has since changed class is told too.
      const outside = await tx
        .select({ userId: liveEventAttendees.userId })
        .from(liveEventAttendees)
        .where(and(eq(liveEventAttendees.eventId, ev.id), sql`${liveEventAttendees.userId} not in (select id from users where division_id = ${ev.divisionId})`));
      if (outside.length) notified += await notifyClass(tx, { userIds: outside.map((r) => r.userId) }, message);
    } else {
      const buyers = await tx
        .select({ userId: affiliations.userId })
        .from(affiliations)
        .where(and(eq(affiliations.chapterId, ev.chapterId), isNotNull(affiliations.chapterId), sql`${affiliations.refundedAt} is null`));
      const ids = [...new Set([...registered, ...buyers].map((r) => r.userId))];
      notified = ids.length ? await notifyClass(tx, { userIds: ids }, message) : 0;
    }
    return { id: ev.id, start_time: input.start.toISOString(), end_time: end.toISOString(), notified };
  });
}
