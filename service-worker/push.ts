/// <reference lib="webworker" />
// Web push in the one service worker (DESIGN §4; no firebase-messaging-sw.js): FCM delivers its messages to this
// worker's `push` event as JSON — `{ notification: { title, body }, data: { notificationId, userId, url, … },
// fcmOptions: { link } }` — which `parsePushPayload` (domain/notifications.ts) reads, with our flat shape too.
//
// - Only for the user signed in on this device: the pages keep the signed-in user's id in the outbox store
//   (`auth` row, cleared at logout); a push for anyone else — or when nobody is signed in — shows nothing.
// - Once per notification id: ids already shown are remembered (Cache Storage, the last 200), so an FCM retry, or the
//   same notification arriving again, never shows twice; the bell lists it once from the server anyway.
// - A page of the app visible: no system notification; the pages get {type: "PUSH_RECEIVED", notification} and show a
//   toast and refresh the bell. Otherwise: the notification with the app's icon and badge, tagged by its id.
// - notificationclick: focuses a window already on that route, or brings an open window there, or opens the app
//   there; and marks the notification seen (`POST /api/student/notifications/{id}/mark-as-seen`, under the signed-in
//   user's token from the same store).
import { parsePushPayload, type PushMessage } from "@domain/notifications";
import { getDb } from "@/lib/offline/store";

declare let self: ServiceWorkerGlobalScope;

const SHOWN_CACHE = "darsi-push-shown";
const SHOWN_MAX = 200;
const shownKey = (id: number) => new Request(`${self.location.origin}/__push-shown/${id}`);

async function alreadyShown(id: number): Promise<boolean> {
  const cache = await caches.open(SHOWN_CACHE);
  return Boolean(await cache.match(shownKey(id)));
}

async function rememberShown(id: number): Promise<void> {
  const cache = await caches.open(SHOWN_CACHE);
  await cache.put(shownKey(id), new Response("1"));
  const keys = await cache.keys();
  // Keys come back in insertion order: the oldest go first.
  await Promise.all(keys.slice(0, Math.max(0, keys.length - SHOWN_MAX)).map((k) => cache.delete(k)));
}

async function signedIn(): Promise<{ userId: number; token: string } | null> {
  try {
    return (await getDb().auth.get("current")) ?? null;
  } catch {
    return null;
  }
}

function readPayload(event: PushEvent): unknown {
  try {
    return event.data?.json();
  } catch {
    return null;
  }
}

async function windows(): Promise<readonly WindowClient[]> {
  return self.clients.matchAll({ type: "window", includeUncontrolled: true });
}

/** What the worker does with one push; exported for the click and the pages' tests through `self`. */
async function handlePush(msg: PushMessage): Promise<"shown" | "toast" | "ignored"> {
  const user = await signedIn();
  if (!user || (msg.userId !== null && msg.userId !== user.userId)) return "ignored";
  if (msg.notificationId !== null && (await alreadyShown(msg.notificationId))) return "ignored";
  if (msg.notificationId !== null) await rememberShown(msg.notificationId);
  const open = await windows();
  const visible = open.filter((w) => w.visibilityState === "visible" && new URL(w.url).origin === self.location.origin);
  if (visible.length) {
    for (const w of open) w.postMessage({ type: "PUSH_RECEIVED", notification: msg });
    return "toast";
  }
  await self.registration.showNotification(msg.title, {
    body: msg.body,
    icon: "/icons/icon-192.png",
    badge: "/icons/maskable-192.png",
    dir: "auto",
    tag: msg.notificationId !== null ? `n-${msg.notificationId}` : undefined,
    data: { url: msg.route, notificationId: msg.notificationId, userId: msg.userId ?? user.userId },
  });
  // The open pages (hidden tabs) refresh their bell.
  for (const w of open) w.postMessage({ type: "PUSH_RECEIVED", notification: msg, silent: true });
  return "shown";
}

self.addEventListener("push", (event: PushEvent) => {
  const msg = parsePushPayload(readPayload(event), self.location.origin);
  if (!msg) return;
  event.waitUntil(handlePush(msg).then(() => undefined));
});

async function focusOrOpen(path: string): Promise<void> {
  const target = new URL(path, self.location.origin).href;
  const open = await windows();
  const focus = (w: WindowClient) => w.focus().catch(() => w);
  const exact = open.find((w) => w.url === target);
  if (exact) {
    await focus(exact);
    return;
  }
  const any = open.find((w) => new URL(w.url).origin === self.location.origin);
  if (any) {
    // navigate() rejects on uncontrolled clients (then a new window opens); focus() may be refused without a user's tap.
    const navigated = await any.navigate(target).catch(() => undefined);
    if (navigated !== undefined) {
      if (navigated) await focus(navigated);
      return;
    }
  }
  await self.clients.openWindow(target);
}

async function markSeen(notificationId: number | null): Promise<void> {
  const user = await signedIn();
  if (notificationId === null || !user) return;
  try {
    await fetch(`/api/student/notifications/${notificationId}/mark-as-seen`, {
      method: "POST",
      headers: { Authorization: `Bearer ${user.token}`, Accept: "application/json" },
    });
  } catch {
    // Offline: it stays unseen in the bell, which is where the pupil will see it next.
  }
  for (const w of await windows()) w.postMessage({ type: "PUSH_SEEN", notificationId });
}

self.addEventListener("notificationclick", (event: NotificationEvent) => {
  event.notification.close();
  const data = (event.notification.data ?? {}) as { url?: unknown; notificationId?: unknown };
  const route = parsePushPayload({ title: "x", url: data.url }, self.location.origin)?.route ?? "/";
  const id = typeof data.notificationId === "number" ? data.notificationId : null;
  event.waitUntil(Promise.all([focusOrOpen(route), markSeen(id)]).then(() => undefined));
});
