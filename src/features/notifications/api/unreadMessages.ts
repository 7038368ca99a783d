import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { env } from "@/lib/env";
import { notificationsKeys } from "../notifications.keys";

type Meta = { total: number };

/** The messages menu's count: `GET /svc/notify/messages?search=seen:false` (meta.total). */
export const unreadMessagesQueryOptions = queryOptions({
  queryKey: notificationsKeys.messagesUnread(),
  queryFn: async ({ signal }) => {
    const res = await api<unknown[]>("/messages", { base: env.notifyBase, query: { search: "seen:false" }, signal });
    return (res.meta as Meta | undefined)?.total ?? 0;
  },
  staleTime: 60_000,
  retry: false,
});
