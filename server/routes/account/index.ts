import type { RouteDef } from "../../lib/route";
import adminReportStatus from "./admin-report-status";
import answerParentRequest from "./answer-parent-request";
import deleteVideoReport from "./delete-video-report";
import myParentRequests from "./my-parent-requests";
import parentRequests from "./parent-requests";
import subscriptionsHistory from "./subscriptions-history";
import updateVideoReport from "./update-video-report";
import videoLinks from "./video-links";

/** Parents, history, video reports and assistance (issue 12): the operations, in the order the OpenAPI document lists them. */
export const accountRoutes: RouteDef[] = [
  parentRequests,
  answerParentRequest,
  myParentRequests,
  subscriptionsHistory,
  updateVideoReport,
  deleteVideoReport,
  videoLinks,
  adminReportStatus,
];
