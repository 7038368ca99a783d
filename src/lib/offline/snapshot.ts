import { env } from "../env";

/**
 * The last screen of a page, kept per pupil so that a repeat visit paints it at once (`public/snapshot.js`), before the
 * app's code has even started; the app replaces it as soon as it has rendered the same page itself (see
 * `src/app/snapshot.ts`). Only list pages whose content is what the device store keeps anyway (home, subjects, a
 * subject's chapters, bookmarks): never a lesson viewer, a form or another pupil's data.
 *
 * Stored in localStorage (read synchronously by the boot script), bounded in count and size, tied to the build (class
 * names and markup change between builds) and to the language, and wiped at logout like everything else of the pupil.
 * The key layout is shared with `public/snapshot.js`: keep both in step.
 */
export const SNAPSHOT_PREFIX = "darsi:snap:";
const MAX_SNAPSHOTS = 6;
const MAX_CHARS = 200_000;
const PAGES = [/^\/$/, /^\/subjects$/, /^\/courses$/, /^\/subjects\/[^/]+\/details$/, /^\/liste-de-favoris$/];

export interface Snapshot {
  /** Build id (see vite.config.ts). */
  b: string;
  /** Language of the screen. */
  l: string;
  /** Saved at (ms since epoch). */
  t: number;
  /** Stylesheets the screen needed (route chunks' CSS, loaded on demand by the app). */
  css: string[];
  /** The markup of `#root` without media, scripts or editable fields. */
  h: string;
}

const listKey = (userId: number) => `${SNAPSHOT_PREFIX}${userId}`;
const entryKey = (userId: number, href: string) => `${SNAPSHOT_PREFIX}${userId}:${href}`;

export const isSnapshotPage = (pathname: string) => PAGES.some((re) => re.test(pathname));

/** A screen is worth keeping once its content is there: no page loader, no skeleton left. */
export function isSettled(root: ParentNode): boolean {
  return root.querySelector("[data-page-loader], .mantine-Skeleton-root[data-visible]") === null && root.childElementCount > 0;
}

function readList(userId: number): string[] {
  try {
    const list = JSON.parse(localStorage.getItem(listKey(userId)) ?? "[]") as unknown;
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/** The markup of a screen without what must not be replayed: media players, frames, scripts, editable fields. */
export function inertMarkup(root: Element): string {
  const copy = root.cloneNode(true) as Element;
  for (const el of copy.querySelectorAll("script, iframe, video, audio, object, embed, canvas, dialog")) el.remove();
  // Read-only, not disabled: a disabled field or button would look different from the screen it stands for.
  for (const el of copy.querySelectorAll("input, textarea")) el.setAttribute("readonly", "");
  // No ids or test ids: the live page keeps them unique while both are in the document.
  for (const el of copy.querySelectorAll("[id], [data-testid], [autofocus]")) {
    el.removeAttribute("id");
    el.removeAttribute("data-testid");
    el.removeAttribute("autofocus");
  }
  return copy.innerHTML;
}

/** Keeps the screen shown in `root` as the last screen of `href` for this pupil (if it is a page worth keeping). */
export function saveSnapshot(userId: number, href: string, root: Element, locale: string): boolean {
  const pathname = href.split(/[?#]/)[0] ?? href;
  // Never an error or "not found" page: the next visit would open on it.
  if (!isSnapshotPage(pathname) || !isSettled(root) || root.querySelector("[data-page-error]")) return false;
  const html = inertMarkup(root);
  if (html.length > MAX_CHARS) return false;
  const css = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => l.getAttribute("href") ?? "").filter(Boolean);
  const snapshot: Snapshot = { b: env.buildId, l: locale, t: Date.now(), css, h: html };
  const list = [href, ...readList(userId).filter((h) => h !== href)];
  try {
    for (const old of list.splice(MAX_SNAPSHOTS)) localStorage.removeItem(entryKey(userId, old));
    localStorage.setItem(entryKey(userId, href), JSON.stringify(snapshot));
    localStorage.setItem(listKey(userId), JSON.stringify(list));
    return true;
  } catch {
    // Storage full: the snapshot is a nicety, the device store is what counts. Drop them all rather than keep a half.
    wipeSnapshots(userId);
    return false;
  }
}

/** Removes every last screen of this pupil (logout), or of everybody when `userId` is null. */
export function wipeSnapshots(userId: number | null): void {
  const prefix = userId === null ? SNAPSHOT_PREFIX : listKey(userId);
  for (const key of Object.keys(localStorage)) {
    if (key === prefix || key.startsWith(userId === null ? prefix : `${prefix}:`)) localStorage.removeItem(key);
  }
}
