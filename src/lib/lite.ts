/**
 * Lite mode for weak connections (issue 22, item 6): videos at the lowest quality and never autoplayed, images at
 * phone size, no prefetch of other pages. The pupil's choice is kept per device (`darsi_lite`: automatic, on, off);
 * "automatic" follows what the browser says of the link: on when it asks to save data (the `Save-Data` preference,
 * `navigator.connection.saveData`) or reports a 2g or slow-2g link (`effectiveType`). Browsers without
 * `navigator.connection` (Safari, Firefox) say nothing: automatic is off there, and the switch is the way in.
 * React-free except for the hook at the end; tiny, so the shell carries it.
 */
import { useSyncExternalStore } from "react";

export type LiteChoice = "auto" | "on" | "off";

/** What Chromium's Network Information API tells (all optional: other browsers have none of it). */
export interface LinkInfo {
  saveData?: boolean;
  effectiveType?: string;
  /** "cellular", "wifi", "ethernet", … — Chrome on Android and ChromeOS only. */
  type?: string;
}

export interface LiteState {
  choice: LiteChoice;
  /** Lite mode applies now. */
  on: boolean;
  /** Why automatic turned it on (null when it is off or chosen by hand). */
  reason: "save-data" | "slow-link" | null;
}

const SLOW = new Set(["slow-2g", "2g"]);

/** The decision: a choice by hand wins; automatic follows the browser's data-saving preference and a 2g link. */
export function decideLite(choice: LiteChoice, link: LinkInfo | undefined): LiteState {
  if (choice !== "auto") return { choice, on: choice === "on", reason: null };
  if (link?.saveData === true) return { choice, on: true, reason: "save-data" };
  if (link?.effectiveType !== undefined && SLOW.has(link.effectiveType)) return { choice, on: true, reason: "slow-link" };
  return { choice, on: false, reason: null };
}

/**
 * Whether a download may be paid by the byte (mobile data). `cellular` says so; `wifi`/`ethernet` say not. Without
 * the type (desktop Chrome), a link slower than 4g or a data-saving preference counts as mobile; without the API at
 * all (Safari, Firefox) nobody knows, and asking once before a large download costs one tap: it counts as mobile.
 */
export function mayBeMobileData(link: LinkInfo | undefined): boolean {
  if (!link) return true;
  if (link.type === "cellular") return true;
  if (link.type !== undefined && link.type !== "unknown" && link.type !== "other") return false;
  return link.saveData === true || (link.effectiveType !== undefined && link.effectiveType !== "4g");
}

/** Above this, keeping a chapter offline on mobile data asks first (issue 22). */
export const MOBILE_CONFIRM_BYTES = 10 * 1000 * 1000;

const KEY = "darsi_lite";

type Connection = LinkInfo & EventTarget;

function connection(): Connection | undefined {
  return typeof navigator === "undefined" ? undefined : (navigator as Navigator & { connection?: Connection }).connection;
}

/** A copy of what the browser reports now (the object itself changes in place). */
export function currentLink(): LinkInfo | undefined {
  const c = connection();
  return c ? { saveData: c.saveData, effectiveType: c.effectiveType, type: c.type } : undefined;
}

function readChoice(): LiteChoice {
  try {
    const v = localStorage.getItem(KEY);
    return v === "on" || v === "off" ? v : "auto";
  } catch {
    return "auto";
  }
}

let state: LiteState | null = null;
const listeners = new Set<() => void>();

function refresh(): void {
  const next = decideLite(readChoice(), currentLink());
  if (state && next.on === state.on && next.choice === state.choice && next.reason === state.reason) return;
  state = next;
  for (const l of listeners) l();
}

export function liteState(): LiteState {
  if (!state) state = decideLite(readChoice(), currentLink());
  return state;
}

export function setLiteChoice(choice: LiteChoice): void {
  try {
    if (choice === "auto") localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, choice);
  } catch {
    // storage refused: the choice lasts until the page closes
  }
  state = decideLite(choice, currentLink());
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const c = connection();
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY) refresh();
  };
  c?.addEventListener("change", refresh);
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    c?.removeEventListener("change", refresh);
    window.removeEventListener("storage", onStorage);
  };
}

/** The lite state, re-rendering when the choice or the link changes (another tab's choice included). */
export function useLite(): LiteState {
  return useSyncExternalStore(subscribe, liteState, liteState);
}
