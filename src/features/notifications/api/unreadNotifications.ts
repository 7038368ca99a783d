import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { notificationsKeys } from "../notifications.keys";

type Meta = { total: number };

/** The bell's count: `GET /student/notifications?perPage=1&search=seen:false` (meta.total of the unread tab). */
export const unreadNotificationsQueryOptions = queryOptions({
  queryKey: notificationsKeys.unread(),
  queryFn: async ({ signal }) => {
    const res = await api<unknown[]>("/student/notifications", { query: { page: 1, perPage: 1, search: "seen:false" }, signal });
    return (res.meta as Meta | undefined)?.total ?? 0;
  },
  staleTime: 60_000,
  retry: false,
});
