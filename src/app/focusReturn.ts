/**
 * When a dialog closes, the focus goes back to what opened it (WCAG 2.4.3), for every dialog of the app.
 *
 * Why one watcher rather than a prop: Mantine returns the focus only for a modal whose `opened` prop turns from true to
 * false while it stays mounted (its `useFocusReturn` notes the opener when `opened` changes). Most of the app's
 * dialogs are mounted already open (rendered when needed, or loaded on demand) and unmounted when they close: Mantine
 * never noted an opener, the focused button inside the dialog is removed, the focus falls to <body>, and the next Tab
 * lands on the skip link at the top of the page. This watcher notes the last element focused (or pressed) outside any
 * dialog, and when the last modal dialog leaves the page with the focus on nothing, focuses that element again.
 */
const DIALOG = '[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]';
const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';

/** Mantine's own return runs 10 ms after a close; this one after it, only when the focus is still on nothing. */
const RETURN_DELAY_MS = 30;

export function installFocusReturn(doc: Document = document): () => void {
  const win = doc.defaultView ?? window;
  let opener: HTMLElement | null = null;
  let dialogOpen = doc.querySelector(DIALOG) !== null;
  let timer = 0;

  const note = (el: Element | null) => {
    if (el instanceof HTMLElement && el !== doc.body && !el.closest(DIALOG)) opener = el;
  };
  const onFocusIn = (event: FocusEvent) => note(event.target as Element | null);
  // Safari does not focus a button it clicks: the pressed control is the opener all the same.
  const onPointerDown = (event: PointerEvent) => note((event.target as Element | null)?.closest?.(FOCUSABLE) ?? null);

  const restore = () => {
    if (doc.querySelector(DIALOG)) return;
    const active = doc.activeElement;
    // Something took the focus on purpose (the next page's heading, a field): leave it there.
    if (active && active !== doc.body && active.isConnected) return;
    if (opener?.isConnected && !opener.closest("[inert]")) opener.focus({ preventScroll: true });
  };

  const observer = new win.MutationObserver(() => {
    const open = doc.querySelector(DIALOG) !== null;
    if (dialogOpen && !open) {
      win.clearTimeout(timer);
      timer = win.setTimeout(restore, RETURN_DELAY_MS);
    }
    dialogOpen = open;
  });
  observer.observe(doc.body, { childList: true, subtree: true });
  doc.addEventListener("focusin", onFocusIn, true);
  doc.addEventListener("pointerdown", onPointerDown, true);
  return () => {
    observer.disconnect();
    win.clearTimeout(timer);
    doc.removeEventListener("focusin", onFocusIn, true);
    doc.removeEventListener("pointerdown", onPointerDown, true);
  };
}
