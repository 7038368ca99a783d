import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { notificationsKeys } from "../notifications.keys";

/** `POST /student/notifications/{id}/mark-as-seen`. */
async function markNotificationSeen(id: number): Promise<void> {
  await api(`/student/notifications/${id}/mark-as-seen`, { method: "POST" });
}

export function useMarkSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationSeen,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
  });
}
