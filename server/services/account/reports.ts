/**
 * The pupil's video reports beyond filing and listing them (services/learning/reports.ts): editing and deleting one of
 * their own while it is pending (SPEC §2 "Reports table"), and the staff's status change (`npm run admin -- report …`),
 * which notifies the pupil in the same transaction.
 */
import { and, eq } from "drizzle-orm";
import type { ReportStatus } from "../../../domain/account";
import type { VideoReportDto } from "../../../domain/learning";
import { contents, reportReasons, videoReports } from "../../db/schema";
import type { Deps } from "../../lib/deps";
import { AppError, fieldError } from "../../lib/errors";
import { notifyAccount } from "./notify";

async function reportDto(db: Deps["db"], id: number): Promise<VideoReportDto> {
  const [r] = await db
    .select({ r: videoReports, reason: reportReasons.name, contentName: contents.name, contentSlug: contents.slug })
    .from(videoReports)
    .innerJoin(reportReasons, eq(reportReasons.id, videoReports.reasonId))
    .innerJoin(contents, eq(contents.id, videoReports.contentId))
    .where(eq(videoReports.id, id));
  if (!r) throw new AppError(404, "not_found");
  return {
    id: r.r.id,
    report_reason: { id: r.r.reasonId, reason: r.reason },
    description: r.r.description,
    content: { id: r.r.contentId, name: r.contentName, slug: r.contentSlug },
    status: r.r.status as VideoReportDto["status"],
    created_at: r.r.createdAt.toISOString(),
    reject_reason: r.r.rejectReason,
    is_confirmed: r.r.status === "Resolved",
  };
}

/** The caller's own report, locked; another pupil's is not found (404); one past pending is 409 `report_not_pending`. */
async function ownPending(tx: Parameters<Parameters<Deps["db"]["transaction"]>[0]>[0], userId: number, id: number) {
  const [row] = await tx
    .select({ id: videoReports.id, status: videoReports.status })
    .from(videoReports)
    .where(and(eq(videoReports.id, id), eq(videoReports.userId, userId)))
    .for("update");
  if (!row) throw new AppError(404, "not_found");
  if (row.status !== "Pending") throw new AppError(409, "report_not_pending");
  return row;
}

/** `PUT /student/video-reports/{id}`: a new reason and description for a pending report of the caller's. */
export async function updateVideoReport(
  deps: Pick<Deps, "db">,
  userId: number,
  id: number,
  input: { reportReason: number; description: string },
): Promise<VideoReportDto> {
  await deps.db.transaction(async (tx) => {
    await ownPending(tx, userId, id);
    const [reason] = await tx.select({ id: reportReasons.id }).from(reportReasons).where(eq(reportReasons.id, input.reportReason)).limit(1);
    if (!reason) throw fieldError(422, "reportReason", "report_reason_invalid");
    await tx.update(videoReports).set({ reasonId: reason.id, description: input.description }).where(eq(videoReports.id, id));
  });
  return reportDto(deps.db, id);
}

/** `DELETE /student/video-reports/{id}`: removes a pending report of the caller's. */
export async function deleteVideoReport(deps: Pick<Deps, "db">, userId: number, id: number): Promise<{ id: number }> {
  await deps.db.transaction(async (tx) => {
    await ownPending(tx, userId, id);
    await tx.delete(videoReports).where(eq(videoReports.id, id));
  });
  return { id };
}

/**
 * Staff: sets a report's status (a rejection with its reason; the reason is cleared otherwise) and notifies its pupil.
 * Setting the status it already has changes nothing and notifies no one.
 */
export async function setVideoReportStatus(
  deps: Pick<Deps, "db">,
  id: number,
  input: { status: ReportStatus; rejectReason?: string | undefined },
): Promise<VideoReportDto> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: videoReports.id, userId: videoReports.userId, status: videoReports.status, rejectReason: videoReports.rejectReason })
      .from(videoReports)
      .where(eq(videoReports.id, id))
      .for("update");
    if (!row) throw new AppError(404, "not_found");
    const rejectReason = input.status === "Rejected" ? (input.rejectReason ?? null) : null;
    if (row.status === input.status && row.rejectReason === rejectReason) return;
    await tx.update(videoReports).set({ status: input.status, rejectReason }).where(eq(videoReports.id, id));
    await notifyAccount(tx, { kind: "video_report_status", userId: row.userId, reportId: id, status: input.status, rejectReason });
  });
  return reportDto(deps.db, id);
}
