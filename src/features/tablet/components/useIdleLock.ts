import { useEffect, useRef } from "react";
import { idleLockHeld } from "@/lib/tablet";

const EVENTS = ["pointerdown", "keydown", "touchstart", "wheel", "scroll"] as const;

/**
 * The class tablet's idle lock: after `minutes` without a touch, `onIdle` (back to the grid) — never while a quiz is
 * unanswered (`holdIdleLock`) or `isBusy()` says an exam runs (started, its deadline not reached, whatever the page),
 * which keep their pupil until they end.
 */
export function useIdleLock(minutes: number | null, onIdle: () => void, isBusy: () => boolean = () => false) {
  const last = useRef(0);
  const idle = useRef(onIdle);
  useEffect(() => {
    idle.current = onIdle;
  }, [onIdle]);
  useEffect(() => {
    if (!minutes) return;
    last.current = Date.now();
    const touch = () => {
      last.current = Date.now();
    };
    for (const e of EVENTS) window.addEventListener(e, touch, { passive: true, capture: true });
    const timer = window.setInterval(() => {
      if (idleLockHeld() || isBusy()) {
        last.current = Date.now();
        return;
      }
      if (Date.now() - last.current >= minutes * 60_000) idle.current();
    }, 5_000);
    return () => {
      for (const e of EVENTS) window.removeEventListener(e, touch, { capture: true });
      window.clearInterval(timer);
    };
  }, [minutes, isBusy]);
}
