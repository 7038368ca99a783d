/** The service worker's messages about pushes, for the shell (kept apart from the rest of push: the shell loads only this). */
export interface PushEventData {
  type: "PUSH_RECEIVED" | "PUSH_SEEN";
  notification?: { notificationId: number | null; title: string; body: string; route: string };
  silent?: boolean;
}

/** Messages of the service worker about pushes (a push while a page is visible, a notification tapped). */
export function onPushMessage(listener: (data: PushEventData) => void): () => void {
  const sw = typeof navigator !== "undefined" ? navigator.serviceWorker : undefined;
  if (!sw) return () => undefined;
  const handler = (e: MessageEvent) => {
    const data = e.data as PushEventData | null;
    if (/^PUSH_(RECEIVED|SEEN)$/.test(data?.type ?? "")) listener(data!);
  };
  sw.addEventListener("message", handler);
  return () => sw.removeEventListener("message", handler);
}
