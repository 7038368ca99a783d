/**
 * The account area's notifications, written in the caller's transaction through the notifications service's `notify`
 * (issue 11): a parent request opened (to the parent), answered (to the child), a video report's status changed (to its
 * pupil). French texts (the platform's language); the bell links to the screen that shows it.
 */
import type { Tx } from "../../db/client";
import { notify } from "../notifications/notify";

export type AccountNotice =
  | { kind: "parent_request_created"; userId: number; child: string }
  | { kind: "parent_request_answered"; userId: number; parent: string; approved: boolean }
  | { kind: "video_report_status"; userId: number; reportId: number; status: string; rejectReason: string | null };

const STATUS_FR: Record<string, string> = { Pending: "en attente", "In progress": "en cours de traitement", Rejected: "rejeté", Resolved: "résolu" };

export async function notifyAccount(tx: Tx, notice: AccountNotice): Promise<void> {
  switch (notice.kind) {
    case "parent_request_created":
      await notify(tx, {
        userId: notice.userId,
        category: "parentRequest",
        type: notice.kind,
        title: "Nouvelle demande parentale",
        body: `${notice.child} vous a ajouté(e) comme parent : approuvez ou refusez sa demande.`.slice(0, 120),
        link: "/request-parent-user-children",
      });
      return;
    case "parent_request_answered":
      await notify(tx, {
        userId: notice.userId,
        category: "parentRequest",
        type: notice.approved ? "parent_request_approved" : "parent_request_refused",
        title: notice.approved ? "Demande parentale approuvée" : "Demande parentale refusée",
        body: `${notice.parent} a ${notice.approved ? "approuvé" : "refusé"} votre demande.`.slice(0, 120),
        link: "/liste-des-demandes-parentales",
      });
      return;
    case "video_report_status":
      await notify(tx, {
        userId: notice.userId,
        category: "updateVideoReport",
        type: notice.kind,
        title: "Votre rapport a été mis à jour",
        body: (`Rapport n° ${notice.reportId} : ${STATUS_FR[notice.status] ?? notice.status}` + (notice.rejectReason ? ` (${notice.rejectReason})` : "")).slice(0, 120),
        link: "/reports",
        data: { reportId: String(notice.reportId), status: notice.status },
      });
  }
}
