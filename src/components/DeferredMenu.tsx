import { useLayoutEffect, useRef, type ReactElement } from "react";
import { prefetch, useDeferred, type Deferred } from "./deferred";

export interface DeferredMenuProps<P extends object> {
  /** The real menu (trigger and dropdown), loaded on first use. */
  menu: Deferred<P>;
  props: P;
  /**
   * The menu's trigger as it looks closed, drawn without the menu code: same look, same name, and
   * `aria-haspopup="menu"` with `aria-expanded={false}`.
   */
  placeholder: ReactElement;
}

/**
 * A dropdown menu whose code is fetched when the pupil comes near its trigger (pointer over it, focus) and
 * shown on the first click (or Enter, Space). That click opens it: the real menu replaces the placeholder,
 * its trigger takes the focus the placeholder had and receives the click, so the menu opens, traps and gives
 * back the focus exactly as if it had been there from the start.
 */
export function DeferredMenu<P extends object>({ menu, props, placeholder }: DeferredMenuProps<P>) {
  const [Menu, load] = useDeferred(menu);
  const box = useRef<HTMLSpanElement>(null);
  const intent = useRef({ open: false, focus: false });

  const open = () => {
    intent.current.open = true;
    load(() => {
      intent.current.focus = !!box.current && box.current.contains(document.activeElement);
    });
  };

  useLayoutEffect(() => {
    if (!Menu) return;
    const { open, focus } = intent.current;
    intent.current = { open: false, focus: false };
    const trigger = box.current?.querySelector<HTMLElement>("[aria-haspopup]");
    if (!trigger) return;
    if (focus) trigger.focus();
    if (open) trigger.click();
  }, [Menu]);

  return (
    // `display: contents`: the wrapper leaves the layout (flex item, gaps) to the trigger.
    <span
      ref={box}
      style={{ display: "contents" }}
      onPointerEnter={Menu ? undefined : () => prefetch(menu)}
      onFocus={Menu ? undefined : () => prefetch(menu)}
      onClick={Menu ? undefined : open}
    >
      {Menu ? <Menu {...props} /> : placeholder}
    </span>
  );
}
