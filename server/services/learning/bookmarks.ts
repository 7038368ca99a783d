/** Bookmarks: toggled per lesson (only lessons the pupil can open), listed newest first. Always the caller's own. */
import { and, desc, eq, sql } from "drizzle-orm";
import type { BookmarkDto, BookmarkToggleDto } from "../../../domain/learning";
import { bookmarks, chapters, contents, subjects } from "../../db/schema";
import type { AuthInfo } from "../../lib/auth";
import type { Deps } from "../../lib/deps";
import { forbidden } from "../../lib/errors";
import { withIdempotency, type IdempotentResult } from "../../lib/idempotency";
import { pageMeta } from "../../lib/paging";
import { isUnlocked, loadViewer } from "./access";
import { findLesson } from "./lessons";

export interface ToggleBookmarkInput {
  subject: string;
  chapter: string;
  content: string;
  /** `Idempotency-Key` header, already checked. */
  idempotencyKey?: string | undefined;
  /** Hash of the request, for the idempotency check. */
  requestHash: string;
}

/**
 * `POST /user/subjects/{subject}/chapters/{chapter}/contents/{content}/bookmark`: adds or removes the bookmark, and
 * answers the state this toggle produced. Toggles of one pupil on one lesson are serialised inside the transaction by
 * a transaction-scoped advisory lock on (pupil, lesson): without it, two concurrent toggles both read "no bookmark"
 * (or both delete the same row) and answer the same state. With it, n concurrent toggles answer alternately and end
 * in the state of n toggles in a row.
 */
export async function toggleBookmark(
  deps: Pick<Deps, "db" | "now">,
  auth: Pick<AuthInfo, "userId">,
  input: ToggleBookmarkInput,
): Promise<IdempotentResult<BookmarkToggleDto>> {
  return withIdempotency(deps, auth, input.idempotencyKey, input.requestHash, async (tx) => {
    const viewer = await loadViewer(tx, auth.userId, deps.now());
    const { subject, content } = await findLesson(tx, viewer, input.subject, input.chapter, input.content);
    // A pupil cannot bookmark what they cannot open.
    if (!isUnlocked(viewer, subject.id, content.isFree)) throw forbidden("content_locked");
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`bookmark:${auth.userId}:${content.id}`}, 0))`);
    const removed = await tx
      .delete(bookmarks)
      .where(and(eq(bookmarks.userId, auth.userId), eq(bookmarks.contentId, content.id)))
      .returning({ id: bookmarks.id });
    if (removed.length) return { bookmarked: false };
    await tx.insert(bookmarks).values({ userId: auth.userId, contentId: content.id, createdAt: deps.now() }).onConflictDoNothing();
    return { bookmarked: true };
  });
}

/** `GET /student/bookmarked-contents?page&perPage`. */
export async function listBookmarks(deps: Pick<Deps, "db">, userId: number, page: number, perPage: number) {
  const [count] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(bookmarks).where(eq(bookmarks.userId, userId));
  const total = count?.n ?? 0;
  const rows = await deps.db
    .select({
      id: bookmarks.id,
      createdAt: bookmarks.createdAt,
      contentName: contents.name,
      contentNameAr: contents.nameAr,
      contentNameEn: contents.nameEn,
      contentSlug: contents.slug,
      chapterName: chapters.name,
      chapterNameAr: chapters.nameAr,
      chapterNameEn: chapters.nameEn,
      chapterSlug: chapters.slug,
      subjectName: subjects.name,
      subjectNameAr: subjects.nameAr,
      subjectNameEn: subjects.nameEn,
      subjectSlug: subjects.slug,
    })
    .from(bookmarks)
    .innerJoin(contents, eq(contents.id, bookmarks.contentId))
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(eq(bookmarks.userId, userId))
    .orderBy(desc(bookmarks.createdAt), desc(bookmarks.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const payload: BookmarkDto[] = rows.map((r) => ({
    id: r.id,
    content: { name: r.contentName, name_ar: r.contentNameAr, name_en: r.contentNameEn, slug: r.contentSlug },
    chapter: { slug: r.chapterSlug, name: r.chapterName, name_ar: r.chapterNameAr, name_en: r.chapterNameEn },
    subject: { name: r.subjectName, name_ar: r.subjectNameAr, name_en: r.subjectNameEn, slug: r.subjectSlug },
    marked_at: r.createdAt.toISOString(),
  }));
  return { payload, meta: pageMeta(page, perPage, total) };
}
