import { infiniteQueryOptions } from "@tanstack/react-query";
import { NOTIFICATION_PAGE_SIZE, type NotificationDto } from "@domain/notifications";
import { api } from "@/lib/api";
import { notificationsKeys, type Tab } from "../notifications.keys";

export interface NotificationsPage {
  items: NotificationDto[];
  page: number;
  lastPage: number;
  total: number;
  unread: number;
}

/** `GET /student/notifications?page&orderBy=id&sortedBy=desc&perPage=24` (+ `search=seen:false`): infinite scroll. */
export const notificationsQueryOptions = (tab: Tab) =>
  infiniteQueryOptions({
    queryKey: notificationsKeys.list(tab),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }): Promise<NotificationsPage> => {
      const res = await api<NotificationDto[]>("/student/notifications", {
        query: { page: pageParam, orderBy: "id", sortedBy: "desc", perPage: NOTIFICATION_PAGE_SIZE, search: tab === "unread" ? "seen:false" : undefined },
        signal,
      });
      const meta = (res.meta ?? { current_page: pageParam, last_page: 1, total: 0 }) as { current_page: number; last_page: number; total: number; unread?: number };
      return { items: res.payload ?? [], page: meta.current_page, lastPage: meta.last_page, total: meta.total, unread: meta.unread ?? 0 };
    },
    getNextPageParam: (last) => (last.page < last.lastPage ? last.page + 1 : undefined),
  });
