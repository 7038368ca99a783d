import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { NotificationCategory, NotificationPreferences } from "@domain/notifications";
import { api } from "@/lib/api";
import { notificationsKeys } from "../notifications.keys";

/** `PUT /user/update-notification-preferences` (`{ [category]: 0 | 1 }`), shown at once and rolled back on failure. */
export function useUpdatePreference() {
  const queryClient = useQueryClient();
  const key = notificationsKeys.preferences();
  return useMutation({
    mutationFn: async ({ category, on }: { category: NotificationCategory; on: boolean }) =>
      (await api<NotificationPreferences>("/user/update-notification-preferences", { method: "PUT", body: { [category]: on ? 1 : 0 } })).payload,
    onMutate: async ({ category, on }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationPreferences>(key);
      if (before) queryClient.setQueryData<NotificationPreferences>(key, { ...before, [category]: on ? 1 : 0 });
      return { before };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.before) queryClient.setQueryData(key, ctx.before);
    },
    onSuccess: (prefs) => queryClient.setQueryData(key, prefs),
  });
}
