/**
 * Operator commands (`npm run admin -- notify …`, `notify-class …`, `announce-content …`) and their routes: a
 * notification sent by hand to one pupil or to a class, and the announcement of a lesson or session recording to the
 * pupils of its subject's class. Each awaits the push dispatch itself (the CLI may run without a server). The operator
 * writes French and may add English and Arabic (`--title-en`, `--body-ar`, …); a missing one reads as the French.
 */
import { eq } from "drizzle-orm";
import { isNotificationCategory, linkToRoute, type NotificationCategory } from "../../../domain/notifications";
import { chapters, contents, divisions, inboxMessages, subjects } from "../../db/schema";
import type { Deps } from "../../lib/deps";
import { AppError, notFound } from "../../lib/errors";
import { findByCredential } from "../auth/users";
import { deliverPendingPushes } from "./dispatch";
import { notify, notifyClass } from "./notify";
import { newContent, operatorTexts } from "./texts";

export interface ManualNotification {
  title: string;
  body: string;
  titleEn?: string | undefined;
  bodyEn?: string | undefined;
  titleAr?: string | undefined;
  bodyAr?: string | undefined;
  link?: string | undefined;
  category?: string | undefined;
  /** Also put it in the pupil's messages (`/inbox/{id}`); the notification then links to it. */
  message?: boolean | undefined;
}

function checkInput(n: ManualNotification): { category: NotificationCategory; link: string | null } {
  const category = n.category ?? "completeInformation";
  if (!isNotificationCategory(category)) throw new AppError(422, "preference_invalid", { category: ["preference_invalid"] });
  const link = n.link ? linkToRoute(n.link) : null;
  if (n.link && !link) throw new AppError(422, "validation_failed", { link: ["validation_failed"] });
  return { category, link };
}

/** A message's name and body in the three languages the operator wrote (null where they wrote none). */
function messageTexts(n: ManualNotification) {
  const texts = operatorTexts(n);
  return {
    name: texts.fr.title,
    body: texts.fr.body,
    nameEn: texts.en.title || null,
    bodyEn: texts.en.body || null,
    nameAr: texts.ar.title || null,
    bodyAr: texts.ar.body || null,
  };
}

/** One notification to one pupil (by phone or e-mail). */
export async function notifyLogin(deps: Deps, login: string, n: ManualNotification) {
  const { category, link } = checkInput(n);
  const user = await findByCredential(deps.db, login);
  if (!user) throw notFound();
  const result = await deps.db.transaction(async (tx) => {
    let to = link;
    let messageId: number | null = null;
    if (n.message) {
      const [m] = await tx.insert(inboxMessages).values({ userId: user.id, ...messageTexts(n) }).returning({ id: inboxMessages.id });
      messageId = m!.id;
      to = `/inbox/${messageId}`;
    }
    const id = await notify(tx, { userId: user.id, category, type: n.message ? "message" : "operator", texts: operatorTexts(n), link: to });
    return { userId: user.id, notificationId: id, messageId };
  });
  const pushed = await deliverPendingPushes(deps);
  return { ...result, pushed };
}

/** The same notification to every pupil of a class (division id or exact name). */
export async function notifyDivision(deps: Deps, division: string | number, n: ManualNotification) {
  const { category, link } = checkInput(n);
  const [row] = await deps.db
    .select({ id: divisions.id })
    .from(divisions)
    .where(typeof division === "number" || /^\d+$/.test(division) ? eq(divisions.id, Number(division)) : eq(divisions.name, division))
    .limit(1);
  if (!row) throw notFound();
  const count = await deps.db.transaction((tx) =>
    notifyClass(tx, { divisionId: row.id }, { category, type: "operator", texts: operatorTexts(n), link }),
  );
  const pushed = await deliverPendingPushes(deps);
  return { divisionId: row.id, notified: count, pushed };
}

/**
 * A new lesson or session recording is out: the pupils of its subject's class get `uploadNewContent` (a lesson) or
 * `uploadNewSessionRecord` (a chapter of recordings), linking to the content's viewer.
 */
export async function announceContent(deps: Deps, contentId: number) {
  const [row] = await deps.db
    .select({
      content: contents.name,
      contentEn: contents.nameEn,
      contentAr: contents.nameAr,
      contentSlug: contents.slug,
      chapterSlug: chapters.slug,
      chapterType: chapters.type,
      subject: subjects.name,
      subjectEn: subjects.nameEn,
      subjectAr: subjects.nameAr,
      subjectSlug: subjects.slug,
      divisionId: subjects.divisionId,
    })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(eq(contents.id, contentId))
    .limit(1);
  if (!row) throw notFound();
  const recording = row.chapterType === "recording";
  const link = `/subjects/${row.subjectSlug}/chapters/${row.chapterSlug}/${recording ? "recordings" : "lessons"}/${row.contentSlug}/content`;
  const texts = newContent({
    recording,
    subject: { fr: row.subject, en: row.subjectEn, ar: row.subjectAr },
    content: { fr: row.content, en: row.contentEn, ar: row.contentAr },
  });
  const count = await deps.db.transaction((tx) =>
    notifyClass(
      tx,
      { divisionId: row.divisionId },
      recording
        ? { category: "uploadNewSessionRecord", type: "new_recording", texts, link }
        : { category: "uploadNewContent", type: "new_content", texts, link },
    ),
  );
  const pushed = await deliverPendingPushes(deps);
  return { contentId, link, notified: count, pushed };
}
