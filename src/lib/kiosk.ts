import { useSyncExternalStore } from "react";
import { useTabletDevice } from "./tablet";

/**
 * Kiosk of a class tablet (issue 23, item 5). Class mode is a device holding a class tablet's credential with a pupil
 * signed in (the pupils of a class tablet sign in through its grid): there, what spends or moves money is hidden — the
 * server refuses it anyway (403 `tablet_kiosk`) — external links wait for a teacher's code, and the app asks for full
 * screen on a tap. Imported by the signed-in shell and pages only (never by /login's first load).
 */
export function useClassMode(): boolean {
  return useTabletDevice() !== null;
}

/** The pages of money (offers, wallet and top-ups, transfers, referral gifts and conversions, revenue): not in class mode. */
const MONEY_PAGES = ["/offres", "/offers", "/porte-monnaie", "/payment", "/parrain", "/gift-code", "/generate-gift-code", "/convert-coins", "/revenu"];

/** Whether `pathname` is a page of money, which class mode sends back to the home page. */
export function isMoneyPage(pathname: string): boolean {
  return MONEY_PAGES.some((p) => pathname === p || pathname.startsWith(`${p}/`) || pathname.startsWith(`${p}.`));
}

/** Whether a link leaves the app (another origin, `tel:`, `mailto:`…): in class mode it waits for a teacher's code. */
export function isExternalHref(href: string, origin: string): boolean {
  try {
    return new URL(href, origin).origin !== origin;
  } catch {
    return false;
  }
}

/**
 * Holds what a script opens outside the app (`window.open` of another origin: a live session's provider room, say), as
 * a click on an external link is held: `onHeld` gets the address instead (the teacher's code dialog), and nothing
 * opens. Same-origin opens go through. Returns what puts `window.open` back.
 */
export function holdWindowOpen(onHeld: (href: string) => void): () => void {
  const original = window.open;
  const held: typeof window.open = (url, target, features) => {
    if (url !== undefined && url !== "" && isExternalHref(String(url), window.location.origin)) {
      onHeld(new URL(String(url), window.location.origin).href);
      return null;
    }
    return original.call(window, url, target, features);
  };
  window.open = held;
  return () => {
    if (window.open === held) window.open = original;
  };
}

/** Full screen, asked on a tap (browsers refuse it without a gesture); nothing where the Fullscreen API is missing. */
export function requestFullscreen(): void {
  const el = document.documentElement;
  if (document.fullscreenElement || typeof el.requestFullscreen !== "function") return;
  el.requestFullscreen({ navigationUI: "hide" }).catch(() => undefined);
}

/** Whether the page is full screen now (follows `fullscreenchange`); true where the Fullscreen API is missing. */
export function useIsFullscreen(): boolean {
  return useSyncExternalStore(
    (l) => {
      document.addEventListener("fullscreenchange", l);
      return () => document.removeEventListener("fullscreenchange", l);
    },
    () => document.fullscreenElement !== null || typeof document.documentElement.requestFullscreen !== "function",
    () => true,
  );
}
