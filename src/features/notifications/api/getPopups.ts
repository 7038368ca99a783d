import type { PopupDto } from "@domain/notifications";
import { api } from "@/lib/api";
import { env } from "@/lib/env";

/** getPopups (`GET /svc/notify/popups`): the pop-ups to show the signed-in pupil. */
export async function fetchPopups(): Promise<PopupDto[]> {
  return (await api<PopupDto[]>("/popups", { base: env.notifyBase })).payload ?? [];
}
