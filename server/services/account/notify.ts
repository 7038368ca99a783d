/**
 * The account area's notifications, written in the caller's transaction through the notifications service's `notify`
 * (issue 11): a parent request opened (to the parent), answered (to the child), a video report's status changed (to its
 * pupil). Texts in the three languages from the templates of `../notifications/texts.ts`; the bell links to the screen
 * that shows it.
 */
import type { PersonName } from "../../../domain/schemas/common";
import type { Tx } from "../../db/client";
import { notify } from "../notifications/notify";
import { parentRequestAnswered, parentRequestCreated, videoReportStatus } from "../notifications/texts";

export type AccountNotice =
  | { kind: "parent_request_created"; userId: number; child: PersonName }
  | { kind: "parent_request_answered"; userId: number; parent: string; approved: boolean }
  | { kind: "video_report_status"; userId: number; reportId: number; status: string; rejectReason: string | null };

export async function notifyAccount(tx: Tx, notice: AccountNotice): Promise<void> {
  switch (notice.kind) {
    case "parent_request_created":
      await notify(tx, {
        userId: notice.userId,
        category: "parentRequest",
        type: notice.kind,
        texts: parentRequestCreated({ child: notice.child }),
        link: "/request-parent-user-children",
      });
      return;
    case "parent_request_answered":
      await notify(tx, {
        userId: notice.userId,
        category: "parentRequest",
        type: notice.approved ? "parent_request_approved" : "parent_request_refused",
        texts: parentRequestAnswered({ parent: notice.parent, approved: notice.approved }),
        link: "/liste-des-demandes-parentales",
      });
      return;
    case "video_report_status":
      await notify(tx, {
        userId: notice.userId,
        category: "updateVideoReport",
        type: notice.kind,
        texts: videoReportStatus({ reportId: notice.reportId, status: notice.status, rejectReason: notice.rejectReason }),
        link: "/reports",
        data: { reportId: String(notice.reportId), status: notice.status },
      });
  }
}
