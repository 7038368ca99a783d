import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { notificationsKeys } from "../notifications.keys";

/** `POST /student/notifications/mark-all-as-seen`. */
async function markAllNotificationsSeen(): Promise<void> {
  await api("/student/notifications/mark-all-as-seen", { method: "POST" });
}

export function useMarkAllSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsSeen,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
  });
}
