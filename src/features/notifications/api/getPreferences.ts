import { queryOptions } from "@tanstack/react-query";
import type { NotificationPreferences } from "@domain/notifications";
import { api } from "@/lib/api";
import { notificationsKeys } from "../notifications.keys";

/** `GET /user/notification-preferences`: every category with 0 or 1. */
export const preferencesQueryOptions = queryOptions({
  queryKey: notificationsKeys.preferences(),
  queryFn: async ({ signal }) => (await api<NotificationPreferences>("/user/notification-preferences", { signal })).payload,
});
