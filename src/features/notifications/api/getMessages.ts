import { infiniteQueryOptions } from "@tanstack/react-query";
import type { MessageDto } from "@domain/notifications";
import { api } from "@/lib/api";
import { env } from "@/lib/env";
import { notificationsKeys, type Tab } from "../notifications.keys";

/** getMessages (`GET /svc/notify/messages?page&search=seen:false`), 24 a page. */
export const messagesQueryOptions = (tab: Tab) =>
  infiniteQueryOptions({
    queryKey: notificationsKeys.messageList(tab),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      const res = await api<MessageDto[]>("/messages", { base: env.notifyBase, query: { page: pageParam, search: tab === "unread" ? "seen:false" : undefined }, signal });
      const meta = res.meta ?? { current_page: pageParam, last_page: 1, total: 0 };
      return { items: res.payload ?? [], page: meta.current_page, lastPage: meta.last_page };
    },
    getNextPageParam: (last) => (last.page < last.lastPage ? last.page + 1 : undefined),
  });
