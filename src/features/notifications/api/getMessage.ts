import { queryOptions } from "@tanstack/react-query";
import type { MessageDto } from "@domain/notifications";
import { api } from "@/lib/api";
import { env } from "@/lib/env";
import { notificationsKeys } from "../notifications.keys";

/** One message by the pupil and its id (`GET /svc/notify/messages/{id}`); opening it marks it seen. */
export const messageQueryOptions = (id: number) =>
  queryOptions({
    queryKey: notificationsKeys.message(id),
    queryFn: async ({ signal }) => (await api<MessageDto>(`/messages/${id}`, { base: env.notifyBase, signal })).payload,
  });
