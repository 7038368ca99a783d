/**
 * Reading the bell, the messages and the pop-ups, and the pupil's own settings (preferences, push tokens).
 * Everything is scoped to the signed-in user: another user's notification or message id is 404.
 */
import { and, count, desc, asc, eq, isNull, notExists, or, sql } from "drizzle-orm";
import {
  effectivePreferences,
  type MessageDto,
  type NotificationDto,
  type NotificationPreferences,
  type PopupDto,
} from "../../../domain/notifications";
import { inboxMessages, notifications, popupHides, popups, pushTokens, users } from "../../db/schema";
import type { AuthInfo } from "../../lib/auth";
import type { Deps } from "../../lib/deps";
import { AppError, notFound } from "../../lib/errors";
import { pageMeta } from "../../lib/paging";

type NotificationRow = typeof notifications.$inferSelect;

function toDto(n: NotificationRow): NotificationDto {
  return {
    id: n.id,
    title: n.title,
    title_ar: n.titleAr,
    title_en: n.titleEn,
    body: n.body,
    body_ar: n.bodyAr,
    body_en: n.bodyEn,
    link: n.link,
    url: n.link,
    category: n.category,
    type: n.type,
    seen: n.seen,
    created_at: n.createdAt.toISOString(),
  };
}

async function unreadCount(deps: Pick<Deps, "db">, userId: number): Promise<number> {
  const [row] = await deps.db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.seen, false)));
  return Number(row?.n ?? 0);
}

/** `GET /student/notifications`: a page, newest first by default; `search=seen:false` for the unread tab. */
export async function listNotifications(
  deps: Pick<Deps, "db">,
  auth: AuthInfo,
  q: { page: number; perPage: number; sortedBy: "asc" | "desc"; search?: "seen:false" | "seen:true" | undefined },
) {
  const where = and(
    eq(notifications.userId, auth.userId),
    q.search ? eq(notifications.seen, q.search === "seen:true") : undefined,
  );
  const [rows, [total], unread] = await Promise.all([
    deps.db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(q.sortedBy === "asc" ? asc(notifications.id) : desc(notifications.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    deps.db.select({ n: count() }).from(notifications).where(where),
    unreadCount(deps, auth.userId),
  ]);
  return { payload: rows.map(toDto), meta: { ...pageMeta(q.page, q.perPage, Number(total?.n ?? 0)), unread } };
}

/** `POST /student/notifications/{id}/mark-as-seen` (idempotent). */
export async function markSeen(deps: Pick<Deps, "db">, auth: AuthInfo, id: number) {
  const [row] = await deps.db
    .update(notifications)
    .set({ seen: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, auth.userId)))
    .returning();
  if (!row) throw notFound();
  return { payload: toDto(row), unread: await unreadCount(deps, auth.userId) };
}

/** `POST /student/notifications/mark-all-as-seen`. */
export async function markAllSeen(deps: Pick<Deps, "db">, auth: AuthInfo) {
  const done = await deps.db
    .update(notifications)
    .set({ seen: true })
    .where(and(eq(notifications.userId, auth.userId), eq(notifications.seen, false)))
    .returning({ id: notifications.id });
  return { marked: done.length, unread: 0 as const };
}

export async function getPreferences(deps: Pick<Deps, "db">, userId: number): Promise<NotificationPreferences> {
  const [row] = await deps.db.select({ p: users.notificationPreferences }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound();
  return effectivePreferences(row.p);
}

/** `PUT /user/update-notification-preferences`: merges the categories given (0 or 1) into the stored ones. */
export async function updatePreferences(deps: Pick<Deps, "db">, auth: AuthInfo, changes: Partial<NotificationPreferences>) {
  const [row] = await deps.db
    .update(users)
    .set({ notificationPreferences: sql`${users.notificationPreferences} || ${JSON.stringify(changes)}::jsonb` })
    .where(eq(users.id, auth.userId))
    .returning({ p: users.notificationPreferences });
  if (!row) throw notFound();
  return effectivePreferences(row.p);
}

/**
 * `POST /user/set-notification-token`: this device's token, bound to this session, with the device's language (its
 * pushes are written in it; the app registers again when the pupil changes language). A token already known (the same
 * browser, another pupil before) moves to this user and session: a device belongs to whoever is signed in on it.
 */
export async function setPushToken(deps: Pick<Deps, "db">, auth: AuthInfo, input: { token: string; platform: string; language: "fr" | "en" | "ar" }) {
  // What was still queued for this device under another account is dropped with the move.
  await deps.db.execute(sql`
    delete from push_deliveries d using push_tokens t
     where d.token_id = t.id and t.token = ${input.token} and t.user_id <> ${auth.userId} and d.status = 'pending'`);
  await deps.db
    .insert(pushTokens)
    .values({ userId: auth.userId, sessionId: auth.sessionId, token: input.token, platform: input.platform, language: input.language })
    .onConflictDoUpdate({
      target: pushTokens.token,
      set: { userId: auth.userId, sessionId: auth.sessionId, platform: input.platform, language: input.language, createdAt: sql`now()` },
    });
  return { registered: true as const };
}

/** `DELETE /user/set-notification-token`: this device's token is forgotten (logout, notifications turned off). */
export async function deletePushToken(deps: Pick<Deps, "db">, auth: AuthInfo, token: string | undefined) {
  const where = token
    ? and(eq(pushTokens.userId, auth.userId), eq(pushTokens.token, token))
    : and(eq(pushTokens.userId, auth.userId), eq(pushTokens.sessionId, auth.sessionId));
  const gone = await deps.db.delete(pushTokens).where(where).returning({ id: pushTokens.id });
  return { deleted: gone.length };
}

// ───────────── messages (/svc/notify) ─────────────

const MESSAGES_PAGE = 24;

function messageDto(m: typeof inboxMessages.$inferSelect): MessageDto {
  return {
    _id: m.id,
    seen: m.seen,
    message: { name: m.name, name_ar: m.nameAr, name_en: m.nameEn, body: m.body, body_ar: m.bodyAr, body_en: m.bodyEn, created_at: m.createdAt.toISOString() },
  };
}

/** getMessages: the pupil's messages, newest first, 24 a page; `search=seen:false` for the unread tab. */
export async function listMessages(deps: Pick<Deps, "db">, auth: AuthInfo, q: { page: number; search?: "seen:false" | "seen:true" | undefined }) {
  const where = and(eq(inboxMessages.userId, auth.userId), q.search ? eq(inboxMessages.seen, q.search === "seen:true") : undefined);
  const [rows, [total], [unread]] = await Promise.all([
    deps.db.select().from(inboxMessages).where(where).orderBy(desc(inboxMessages.id)).limit(MESSAGES_PAGE).offset((q.page - 1) * MESSAGES_PAGE),
    deps.db.select({ n: count() }).from(inboxMessages).where(where),
    deps.db.select({ n: count() }).from(inboxMessages).where(and(eq(inboxMessages.userId, auth.userId), eq(inboxMessages.seen, false))),
  ]);
  return { payload: rows.map(messageDto), meta: { ...pageMeta(q.page, MESSAGES_PAGE, Number(total?.n ?? 0)), unread: Number(unread?.n ?? 0) } };
}

/** One message (by user and message id); opening it marks it seen. */
export async function openMessage(deps: Pick<Deps, "db">, auth: AuthInfo, id: number): Promise<MessageDto> {
  const [row] = await deps.db
    .update(inboxMessages)
    .set({ seen: true })
    .where(and(eq(inboxMessages.id, id), eq(inboxMessages.userId, auth.userId)))
    .returning();
  if (!row) throw notFound();
  return messageDto(row);
}

// ───────────── pop-ups (/svc/notify) ─────────────

/** getPopups: the active pop-ups for the pupil's class (or everyone) that the pupil has not hidden, oldest first. */
export async function listPopups(deps: Pick<Deps, "db">, auth: AuthInfo): Promise<PopupDto[]> {
  const [me] = await deps.db.select({ divisionId: users.divisionId }).from(users).where(eq(users.id, auth.userId)).limit(1);
  const rows = await deps.db
    .select()
    .from(popups)
    .where(
      and(
        eq(popups.active, true),
        or(isNull(popups.divisionId), me?.divisionId ? eq(popups.divisionId, me.divisionId) : sql`false`),
        notExists(deps.db.select({ x: sql`1` }).from(popupHides).where(and(eq(popupHides.popupId, popups.id), eq(popupHides.userId, auth.userId)))),
      ),
    )
    .orderBy(asc(popups.id));
  return rows.map((p) => ({ _id: p.id, name: p.name, name_ar: p.nameAr, name_en: p.nameEn, body: p.body, body_ar: p.bodyAr, body_en: p.bodyEn }));
}

/** `GET popup/hide?popup_id&user_id`: "Do not show again". `user_id` must be the caller (403 otherwise). */
export async function hidePopup(deps: Pick<Deps, "db">, auth: AuthInfo, popupId: number, userId: number) {
  if (userId !== auth.userId) throw new AppError(403, "forbidden");
  const [me] = await deps.db.select({ divisionId: users.divisionId }).from(users).where(eq(users.id, auth.userId)).limit(1);
  const [popup] = await deps.db.select({ id: popups.id, divisionId: popups.divisionId }).from(popups).where(eq(popups.id, popupId)).limit(1);
  // A pop-up of another class is not the pupil's to hide.
  if (!popup || (popup.divisionId !== null && popup.divisionId !== me?.divisionId)) throw notFound();
  await deps.db.insert(popupHides).values({ popupId, userId }).onConflictDoNothing();
  return { hidden: true as const };
}
