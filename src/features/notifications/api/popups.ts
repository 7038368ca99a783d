import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PopupDto } from "@domain/notifications";
import { api } from "@/lib/api";
import { env } from "@/lib/env";
import { notificationsKeys } from "../notifications.keys";

/** getPopups (`GET /svc/notify/popups`): the pop-ups to show the signed-in pupil. */
export async function fetchPopups(): Promise<PopupDto[]> {
  return (await api<PopupDto[]>("/popups", { base: env.notifyBase })).payload ?? [];
}

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
