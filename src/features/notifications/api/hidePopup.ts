import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { env } from "@/lib/env";
import { notificationsKeys } from "../notifications.keys";

/** "Do not show again": `GET /svc/notify/popup/hide?popup_id&user_id`. */
export function useHidePopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ popupId, userId }: { popupId: number; userId: number }) => {
      await api("/popup/hide", { base: env.notifyBase, query: { popup_id: popupId, user_id: userId } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.popups() }),
  });
}
