import type { AnyRouter } from "@tanstack/react-router";
import { i18n } from "@/lib/i18n";
import { isSettled, saveSnapshot } from "@/lib/offline/snapshot";
import { currentUserId } from "@/lib/offline/user";

/** Longest the last screen stays once the page is loaded while parts of it still load (a slow widget, say). */
const SETTLE_GRACE_MS = 1_200;
/** Longest it stays at all. */
const MAX_SHOWN_MS = 10_000;

/**
 * Keeps the last screen of the list pages (`src/lib/offline/snapshot.ts`) when the pupil leaves one, inside the app or
 * by leaving the app, and, when `public/snapshot.js` painted one at start, swaps in the app's own screen as soon as it
 * has rendered the page (no loader, no skeleton), or shortly after the page has loaded if some part of it still waits.
 */
export function installSnapshots(router: AnyRouter): void {
  const root = document.getElementById("root");
  if (!root) return;
  const shot = document.getElementById("snapshot");

  const save = (href: string) => {
    if (shot?.isConnected) return; // the app's own screen is not the one shown yet
    const userId = currentUserId();
    if (userId !== null) saveSnapshot(userId, href, root, i18n.locale);
  };
  const here = () => window.location.pathname + window.location.search;
  router.subscribe("onBeforeNavigate", ({ fromLocation, hrefChanged }) => {
    if (fromLocation && hrefChanged) save(fromLocation.pathname + fromLocation.searchStr);
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") save(here());
  });
  window.addEventListener("pagehide", () => save(here()));

  if (!shot) return;
  let graceTimer: ReturnType<typeof setTimeout> | undefined;
  const release = () => {
    if (!shot.isConnected) return;
    observer.disconnect();
    clearTimeout(graceTimer);
    clearTimeout(maxTimer);
    unsubscribe();
    shot.remove();
    root.style.display = "";
    document.documentElement.removeAttribute("data-snapshot");
  };
  const check = () => {
    const { status, isLoading } = router.state;
    if (status !== "idle" || isLoading || root.childElementCount === 0 || root.querySelector("[data-page-loader]")) return;
    if (isSettled(root)) release();
    else graceTimer ??= setTimeout(release, SETTLE_GRACE_MS);
  };
  // Rendering changes the DOM; the router's state (idle) may change after the last of it.
  const observer = new MutationObserver(check);
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-visible"] });
  const unsubscribers = [
    router.subscribe("onResolved", () => queueMicrotask(check)),
    router.subscribe("onRendered", () => queueMicrotask(check)),
    // Going elsewhere before the swap: the snapshot was of the page being left.
    router.subscribe("onBeforeNavigate", ({ fromLocation, hrefChanged }) => {
      if (fromLocation && hrefChanged) release();
    }),
  ];
  const unsubscribe = () => {
    for (const off of unsubscribers) off();
  };
  const maxTimer = setTimeout(release, MAX_SHOWN_MS);
}
