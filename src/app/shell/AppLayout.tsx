// Mantine CSS needed by the signed-in shell only (src/app/styles.ts keeps /login light).
import "@mantine/core/styles/Burger.css";
import "@mantine/core/styles/Avatar.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Indicator.css";
import "@mantine/core/styles/Progress.css";
import "@mantine/core/styles/Tooltip.css";
import "@mantine/core/styles/ScrollArea.css";
import "@mantine/core/styles/Card.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/ThemeIcon.css";

import { useEffect, useRef, type CSSProperties, type RefObject } from "react";
import { Outlet, useRouter, useRouterState } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { SIDEBAR_MINI_WIDTH, SIDEBAR_WIDTH } from "@domain/constants";
import { FullPageLoader } from "@/components/FullPageLoader";
import { isMoneyPage, useClassMode } from "@/lib/kiosk";
import { useLite } from "@/lib/lite";
import { AdminBanner } from "./AdminBanner";
import { DrawerWidgets } from "./DrawerWidgets";
import { Footer } from "./Footer";
import { setLeaving, useLeaving } from "./leaving";
import { Sidebar } from "./Sidebar";
import { TabletMode } from "./TabletMode";
import { TopBar } from "./TopBar";
import { useNavState } from "./useNavState";
import classes from "./shell.module.css";

const NAV_ID = "app-navigation";
const MAIN_ID = "main-content";
const TOGGLE_ID = "app-navigation-toggle";

/**
 * The signed-in shell (SPEC §2 "Shell"): top bar, sidebar (280 px, an 80 px rail on request, a drawer on
 * phones), the page, and the footer. Landmarks: banner, navigation, main, contentinfo.
 */
export function AppLayout() {
  const { t } = useLingui();
  const nav = useNavState();
  const leaving = useLeaving();
  // Signing out keeps the loader up until the shell is gone (/login); the next sign-in starts afresh.
  useEffect(() => () => setLeaving(false), []);
  // The phone drawer takes the focus when it opens, and gives it back to the toggle when it closes.
  const { drawerOpen, isPhone } = nav;
  useEffect(() => {
    if (!isPhone) return;
    if (drawerOpen) document.getElementById(NAV_ID)?.querySelector<HTMLElement>("a[href], button:not([disabled])")?.focus();
    else if (document.getElementById(NAV_ID)?.contains(document.activeElement)) document.getElementById(TOGGLE_ID)?.focus();
  }, [drawerOpen, isPhone]);
  const root = useRef<HTMLDivElement>(null);
  useResizingFlag(root);
  useLitePreload();
  useDataCounter();
  // A class tablet shows no page of money (issue 23 kiosk): TabletMode sends it home.
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const moneyHidden = useClassMode() && isMoneyPage(pathname);
  if (leaving) return <FullPageLoader />;
  // The layout of Mantine's AppShell (fixed header 60 px; fixed navbar 280 or 80 px, a full-width drawer
  // sliding in from the start side on phones), written in shell.module.css so its code stays off the first load.
  const width = { "--shell-navbar-width": `${nav.mini ? SIDEBAR_MINI_WIDTH : SIDEBAR_WIDTH}px` } as CSSProperties;
  return (
    <div ref={root} className={classes.shellRoot} style={width}>
      <a href={`#${MAIN_ID}`} className={classes.skipLink}>
        <Trans>Aller au contenu</Trans>
      </a>
      {/* right-scroll-bar-position: react-remove-scroll keeps the fixed bar in place while a dialog locks the page. */}
      <header className={`${classes.appHeader} ${classes.header} right-scroll-bar-position`}>
        <TopBar isPhone={nav.isPhone} isDesktop={nav.isDesktop} navOpen={nav.navOpen} onToggleNav={nav.toggle} navId={NAV_ID} toggleId={TOGGLE_ID} />
      </header>
      <nav
        id={NAV_ID}
        aria-label={t`Navigation principale`}
        className={classes.appNavbar}
        data-mini={nav.mini || undefined}
        data-open={nav.drawerOpen || undefined}
        inert={nav.isPhone && !nav.drawerOpen}
        data-testid="app-navbar"
      >
        {nav.isPhone && <DrawerWidgets />}
        <div className={classes.navScroll}>
          <Sidebar mini={nav.mini} onNavigate={nav.closeDrawer} />
        </div>
      </nav>
      <main className={classes.shellMain} id={MAIN_ID} tabIndex={-1}>
        <TabletMode />
        <AdminBanner />
        <div className={classes.content}>{moneyHidden ? null : <Outlet />}</div>
      </main>
      <footer className={classes.footerOffset}>
        <Footer />
      </footer>
    </div>
  );
}

/**
 * Lite mode turns the router's prefetch of other pages off (on hover or touch of a link, TanStack Router loads the
 * page's code and data): set during the render, so the links drawn in this pass already read it.
 */
function useLitePreload() {
  const router = useRouter();
  const want = useLite().on ? false : "intent";
  if (router.options.defaultPreload !== want) router.update({ ...router.options, defaultPreload: want });
}

/** The month's data counter (user menu) starts once the first screen is up; its code is not part of it. */
function useDataCounter() {
  useEffect(() => {
    const timer = window.setTimeout(() => {
      void import("@/lib/dataUsage").then((m) => m.startDataCounter()).catch(() => undefined);
    }, 2000);
    return () => window.clearTimeout(timer);
  }, []);
}

/** While the window is resized, no sliding (as AppShell does): crossing 600 px must not animate the drawer. */
function useResizingFlag(root: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    let timer = 0;
    const onResize = () => {
      root.current?.setAttribute("data-resizing", "");
      window.clearTimeout(timer);
      timer = window.setTimeout(() => root.current?.removeAttribute("data-resizing"), 200);
    };
    window.addEventListener("resize", onResize);
    return () => {
      window.removeEventListener("resize", onResize);
      window.clearTimeout(timer);
    };
  }, [root]);
}
