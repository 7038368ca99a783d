/** Video reports (SPEC §3 "Video report"): reasons, a pupil's reports, and filing one on a lesson of their class. */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { ReportReasonDto, VideoReportDto, VideoReportStatus } from "../../../domain/learning";
import { chapters, contents, reportReasons, subjects, videoReports } from "../../db/schema";
import type { Deps } from "../../lib/deps";
import { AppError, fieldError } from "../../lib/errors";
import { pageMeta } from "../../lib/paging";
import { isUnlocked, loadViewer } from "./access";

export async function listReportReasons(deps: Pick<Deps, "db">): Promise<ReportReasonDto[]> {
  return deps.db
    .select({ id: reportReasons.id, name: reportReasons.name, name_ar: reportReasons.nameAr, name_en: reportReasons.nameEn })
    .from(reportReasons)
    .orderBy(asc(reportReasons.id));
}

const reportColumns = {
  r: videoReports,
  reason: reportReasons.name,
  reasonAr: reportReasons.nameAr,
  reasonEn: reportReasons.nameEn,
  contentName: contents.name,
  contentNameAr: contents.nameAr,
  contentNameEn: contents.nameEn,
  contentSlug: contents.slug,
};

function reportDto(row: {
  r: typeof videoReports.$inferSelect;
  reason: string;
  reasonAr: string | null;
  reasonEn: string | null;
  contentName: string;
  contentNameAr: string | null;
  contentNameEn: string | null;
  contentSlug: string;
}): VideoReportDto {
  return {
    id: row.r.id,
    report_reason: { id: row.r.reasonId, reason: row.reason, reason_ar: row.reasonAr, reason_en: row.reasonEn },
    description: row.r.description,
    content: { id: row.r.contentId, name: row.contentName, name_ar: row.contentNameAr, name_en: row.contentNameEn, slug: row.contentSlug },
    status: row.r.status as VideoReportStatus,
    created_at: row.r.createdAt.toISOString(),
    reject_reason: row.r.rejectReason,
    is_confirmed: row.r.status === "Resolved",
  };
}

/** `GET /student/video-reports`: the caller's own reports, newest first. */
export async function listVideoReports(deps: Pick<Deps, "db">, userId: number, page: number, perPage: number) {
  const [count] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(videoReports).where(eq(videoReports.userId, userId));
  const rows = await deps.db
    .select(reportColumns)
    .from(videoReports)
    .innerJoin(reportReasons, eq(reportReasons.id, videoReports.reasonId))
    .innerJoin(contents, eq(contents.id, videoReports.contentId))
    .where(eq(videoReports.userId, userId))
    .orderBy(desc(videoReports.createdAt), desc(videoReports.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { payload: rows.map(reportDto), meta: pageMeta(page, perPage, count?.n ?? 0) };
}

/** `POST /student/video-reports`: the content must be a lesson of the caller's class, the reason a known one. */
export async function createVideoReport(
  deps: Pick<Deps, "db" | "now">,
  userId: number,
  input: { content: number; reportReason: number; description: string },
): Promise<VideoReportDto> {
  const viewer = await loadViewer(deps.db, userId, deps.now());
  const [content] =
    viewer.divisionId === null
      ? []
      : await deps.db
          .select({ id: contents.id, isFree: contents.isFree, subjectId: subjects.id })
          .from(contents)
          .innerJoin(chapters, eq(chapters.id, contents.chapterId))
          .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
          .where(and(eq(contents.id, input.content), eq(subjects.divisionId, viewer.divisionId), eq(subjects.visible, true), eq(subjects.active, true)))
          .limit(1);
  if (!content) throw fieldError(422, "content", "content_invalid");
  // One code for every action on a locked lesson (bookmark, progress, quiz, analytics, reports).
  if (!isUnlocked(viewer, content.subjectId, content.isFree)) throw new AppError(403, "content_locked");
  const [reason] = await deps.db.select({ id: reportReasons.id }).from(reportReasons).where(eq(reportReasons.id, input.reportReason)).limit(1);
  if (!reason) throw fieldError(422, "reportReason", "report_reason_invalid");
  const [created] = await deps.db
    .insert(videoReports)
    .values({ userId, contentId: content.id, reasonId: reason.id, description: input.description, createdAt: deps.now() })
    .returning({ id: videoReports.id });
  const [row] = await deps.db
    .select(reportColumns)
    .from(videoReports)
    .innerJoin(reportReasons, eq(reportReasons.id, videoReports.reasonId))
    .innerJoin(contents, eq(contents.id, videoReports.contentId))
    .where(eq(videoReports.id, created!.id));
  return reportDto(row!);
}
