/**
 * The lesson a pupil names by id, for the analytics and quiz services: it must belong to a visible subject of
 * the pupil's class (else 404, as if it did not exist), and be open to them (else 403 `content_locked`,
 * "Vous devez débloquer d'abord ce cours").
 */
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { chapters, contents, subjects } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import { isUnlocked, loadViewer } from "../learning/access";

export interface OpenableContent {
  contentId: number;
  chapterId: number;
  subjectId: number;
  typeId: number;
  qcmId: number | null;
}

/** The lessons matching `where` that are of the pupil's class; the first one open to them, or why not. */
async function resolve(db: Db | Tx, userId: number, now: Date, where: ReturnType<typeof eq>): Promise<OpenableContent> {
  const viewer = await loadViewer(db, userId, now);
  if (viewer.divisionId === null) throw notFound();
  const rows = await db
    .select({
      contentId: contents.id,
      chapterId: chapters.id,
      subjectId: subjects.id,
      typeId: contents.typeId,
      qcmId: contents.qcmId,
      isFree: contents.isFree,
    })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(and(where, eq(subjects.divisionId, viewer.divisionId), eq(subjects.visible, true), eq(subjects.active, true)))
    .orderBy(contents.id);
  if (!rows.length) throw notFound();
  const open = rows.find((r) => isUnlocked(viewer, r.subjectId, r.isFree));
  if (!open) throw new AppError(403, "content_locked");
  const { isFree: _free, ...content } = open;
  return content;
}

/** `content_id` of an analytics call. */
export function requireOpenableContent(db: Db | Tx, userId: number, contentId: number, now: Date): Promise<OpenableContent> {
  return resolve(db, userId, now, eq(contents.id, contentId));
}

/** The lesson holding quiz `quizId` (`contents.qcm_id`) that the pupil may open. */
export function requireOpenableQuizLesson(db: Db | Tx, userId: number, quizId: number, now: Date): Promise<OpenableContent> {
  return resolve(db, userId, now, eq(contents.qcmId, quizId));
}
