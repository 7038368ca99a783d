import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { VideoReportStatus } from "@domain/learning";

/** The statuses of SPEC §3 "Video report", in words and colour. */
export const REPORT_STATUS_LABELS: Record<VideoReportStatus, MessageDescriptor> = {
  Pending: msg`En attente`,
  "In progress": msg`En cours`,
  Rejected: msg`Rejeté`,
  Resolved: msg`Résolu`,
};
export const REPORT_STATUS_COLORS: Record<VideoReportStatus, string> = {
  Pending: "yellow",
  "In progress": "blue.8",
  Rejected: "red.9",
  Resolved: "teal.9",
};
