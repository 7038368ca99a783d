import { Suspense, useCallback, useState, type ReactNode } from "react";

/**
 * A block whose code (a `lazy` component) and data load when its place comes within `margin` of the screen, never
 * with the first screen: the home's gift slider, the activity charts (their chart library weighs more than the rest
 * of the home). Their chunks are also left out of the signed-in preload (vite.config.ts). Until then an empty marker
 * keeps `minHeight`, so nothing moves; on a tall screen where the place is in view at once, at once; without
 * IntersectionObserver, at once.
 */
export function OnDemand({
  children,
  minHeight,
  margin = "600px 0px",
  testId,
}: {
  children: ReactNode;
  minHeight?: number;
  margin?: string;
  testId: string;
}) {
  const [near, setNear] = useState(false);
  const marker = useCallback(
    (el: HTMLDivElement | null) => {
      if (!el) return;
      if (typeof IntersectionObserver === "undefined") {
        setNear(true);
        return;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          setNear(true);
          observer.disconnect();
        },
        { rootMargin: margin },
      );
      observer.observe(el);
      return () => observer.disconnect();
    },
    [margin],
  );
  const room = minHeight ? { minBlockSize: minHeight } : undefined;
  if (!near) return <div ref={marker} data-testid={testId} style={room} />;
  return <Suspense fallback={<div style={room} />}>{children}</Suspense>;
}
