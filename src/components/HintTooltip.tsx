import {
  Children,
  cloneElement,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from "react";
import { createPortal } from "react-dom";
import classes from "./HintTooltip.module.css";

/** Gap between the trigger and the bubble (Mantine's tooltip: offset 5 + half its 4 px arrow). */
const GAP = 7;
/** The bubble never touches the screen's edges. */
const MARGIN = 8;

export interface HintTooltipProps {
  label: ReactNode;
  /** One element that takes event handlers and `aria-describedby` (a link, a button, an input). */
  children: ReactElement;
  /** "inline-end": beside the trigger, on its right in LTR and its left in RTL. "bottom": under it. */
  position?: "inline-end" | "bottom";
  /**
   * The label also describes the trigger for assistive technology (`aria-describedby`). Turn it off when the
   * trigger's name already says it (a visually hidden text, an `aria-label`), so it is not read twice.
   */
  describe?: boolean;
  /** Delay before showing on hover (ms). */
  openDelay?: number;
  /** Also show on a tap (touch and pen), until the next tap elsewhere: for a reason on a disabled control. */
  touch?: boolean;
}

type TriggerProps = {
  onPointerEnter?: (e: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (e: PointerEvent<HTMLElement>) => void;
  onFocus?: (e: FocusEvent<HTMLElement>) => void;
  onBlur?: (e: FocusEvent<HTMLElement>) => void;
  "aria-describedby"?: string;
};

function focusVisible(el: HTMLElement): boolean {
  try {
    return el.matches(":focus-visible");
  } catch {
    return true;
  }
}

/**
 * A label shown on hover and on keyboard focus, in Mantine's tooltip look, without floating-ui (which would
 * otherwise be on every signed-in first load): the bubble is placed once from the trigger's box when it
 * opens, in a portal so scrolling containers do not clip it. Escape, leaving, blurring or scrolling close it.
 * The visible bubble is hidden from assistive technology: the text is given by `aria-describedby` (or by the
 * trigger's own name with `describe={false}`).
 */
export function HintTooltip({ label, children, position = "bottom", describe = true, openDelay = 0, touch = false }: HintTooltipProps) {
  const id = useId();
  // `anchor`: the trigger the bubble is shown at. `waiting`: a trigger hovered, shown after `openDelay`.
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [waiting, setWaiting] = useState<HTMLElement | null>(null);
  const bubble = useRef<HTMLDivElement>(null);

  const show = (el: HTMLElement, delay: number) => {
    if (delay > 0) setWaiting(el);
    else setAnchor(el);
  };
  const hide = () => {
    setWaiting(null);
    setAnchor(null);
  };

  useEffect(() => {
    if (!waiting) return;
    const id = window.setTimeout(() => setAnchor(waiting), openDelay);
    return () => window.clearTimeout(id);
  }, [waiting, openDelay]);

  useEffect(() => {
    if (!anchor) return;
    const close = () => setAnchor(null);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") close();
    };
    const onPointerDown = (e: Event) => {
      if (!anchor.contains(e.target as Node)) close();
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener("pointerdown", onPointerDown, true);
    window.addEventListener("scroll", close, true);
    window.addEventListener("resize", close);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("pointerdown", onPointerDown, true);
      window.removeEventListener("scroll", close, true);
      window.removeEventListener("resize", close);
    };
  }, [anchor]);

  // Placed before the first paint, from the trigger's box and the bubble's own size.
  useLayoutEffect(() => {
    const el = bubble.current;
    if (!anchor || !el) return;
    const r = anchor.getBoundingClientRect();
    const b = el.getBoundingClientRect();
    const vw = document.documentElement.clientWidth;
    let top: number;
    let left: number;
    if (position === "inline-end") {
      const rtl = getComputedStyle(anchor).direction === "rtl";
      top = r.top + r.height / 2 - b.height / 2;
      left = rtl ? r.left - GAP - b.width : r.right + GAP;
    } else {
      const center = r.left + r.width / 2;
      top = r.bottom + GAP;
      left = Math.min(Math.max(center - b.width / 2, MARGIN), Math.max(MARGIN, vw - MARGIN - b.width));
      el.style.setProperty("--hint-arrow-x", `${center - left}px`);
    }
    el.style.top = `${Math.round(top)}px`;
    el.style.left = `${Math.round(left)}px`;
  }, [anchor, position]);

  const child = Children.only(children) as ReactElement<TriggerProps>;
  const own = child.props;
  const trigger = cloneElement(child, {
    onPointerEnter: (e: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(e);
      if (e.pointerType === "mouse") show(e.currentTarget, openDelay);
      else if (touch) show(e.currentTarget, 0);
    },
    onPointerLeave: (e: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(e);
      // A tap's pointer "leaves" as soon as the finger lifts: a tapped tooltip stays until the next tap.
      if (e.pointerType === "mouse") hide();
    },
    onFocus: (e: FocusEvent<HTMLElement>) => {
      own.onFocus?.(e);
      if (focusVisible(e.currentTarget)) show(e.currentTarget, 0);
    },
    onBlur: (e: FocusEvent<HTMLElement>) => {
      own.onBlur?.(e);
      hide();
    },
    "aria-describedby": describe ? [own["aria-describedby"], id].filter(Boolean).join(" ") : own["aria-describedby"],
  });

  return (
    <>
      {trigger}
      {describe && (
        <span id={id} role="tooltip" hidden>
          {label}
        </span>
      )}
      {anchor &&
        createPortal(
          <div ref={bubble} className={classes.bubble} data-side={position} aria-hidden data-testid="hint-tooltip">
            {label}
          </div>,
          document.body,
        )}
    </>
  );
}
