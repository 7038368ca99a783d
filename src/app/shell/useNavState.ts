import { useCallback, useEffect, useState } from "react";
import { useMediaQuery } from "@mantine/hooks";
import { useRouterState } from "@tanstack/react-router";
import { BREAKPOINT_DESKTOP, BREAKPOINT_MOBILE } from "@domain/constants";

const MINI_KEY = "darsi-sidebar-mini";

function readMini(): boolean | null {
  try {
    const v = localStorage.getItem(MINI_KEY);
    return v === null ? null : v === "1";
  } catch {
    return null;
  }
}

/**
 * The sidebar's state. Phones (≤ 599 px): a drawer, closed after each navigation and with Escape.
 * Larger screens: full (280 px) or the mini icon rail (80 px); the pupil's choice is remembered, and
 * tablets (≤ 1199 px) start with the rail.
 */
export function useNavState() {
  const isPhone = useMediaQuery(`(max-width: ${BREAKPOINT_MOBILE + 0.98}px)`, false, { getInitialValueInEffect: false });
  const isTabletOrPhone = useMediaQuery(`(max-width: ${BREAKPOINT_DESKTOP + 0.98}px)`, false, { getInitialValueInEffect: false });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [miniChoice, setMiniChoice] = useState<boolean | null>(readMini);
  const mini = !isPhone && (miniChoice ?? isTabletOrPhone);
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  // A new page closes the drawer (adjusting state while rendering, as React recommends over an effect).
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setDrawerOpen(false);
  }

  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setDrawerOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [drawerOpen]);

  const toggle = useCallback(() => {
    if (isPhone) {
      setDrawerOpen((o) => !o);
      return;
    }
    const next = !mini;
    setMiniChoice(next);
    try {
      localStorage.setItem(MINI_KEY, next ? "1" : "0");
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  }, [isPhone, mini]);

  return {
    isPhone,
    isDesktop: !isTabletOrPhone,
    drawerOpen: isPhone && drawerOpen,
    mini,
    /** What the toggle shows as "expanded". */
    navOpen: isPhone ? drawerOpen : !mini,
    toggle,
    closeDrawer: useCallback(() => setDrawerOpen(false), []),
  };
}
