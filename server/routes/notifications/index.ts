import type { RouteDef } from "../../lib/route";
import adminNotify, { adminAnnounceContent, adminNotifyClass } from "./admin-notify";
import deleteNotificationToken from "./delete-notification-token";
import listNotifications from "./list-notifications";
import markAllAsSeen from "./mark-all-as-seen";
import markAsSeen from "./mark-as-seen";
import message from "./message";
import messages from "./messages";
import notificationPreferences from "./notification-preferences";
import popupHide from "./popup-hide";
import popups from "./popups";
import setNotificationToken from "./set-notification-token";
import updateNotificationPreferences from "./update-notification-preferences";

/** Notifications, messages, pop-ups and push (issue 11): the operations, in the order the OpenAPI document lists them. */
export const notificationsRoutes: RouteDef[] = [
  listNotifications,
  markAllAsSeen,
  markAsSeen,
  notificationPreferences,
  updateNotificationPreferences,
  setNotificationToken,
  deleteNotificationToken,
  messages,
  message,
  popups,
  popupHide,
  adminNotify,
  adminNotifyClass,
  adminAnnounceContent,
];
