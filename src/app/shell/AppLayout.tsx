// Mantine CSS needed by the signed-in shell only (src/app/styles.ts keeps /login light).
import "@mantine/core/styles/AppShell.css";
import "@mantine/core/styles/Burger.css";
import "@mantine/core/styles/NavLink.css";
import "@mantine/core/styles/Avatar.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Indicator.css";
import "@mantine/core/styles/Progress.css";
import "@mantine/core/styles/Tooltip.css";
import "@mantine/core/styles/ScrollArea.css";
import "@mantine/core/styles/Card.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/ThemeIcon.css";

import { useEffect } from "react";
import { AppShell, ScrollArea } from "@mantine/core";
import { Outlet } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { SIDEBAR_MINI_WIDTH, SIDEBAR_WIDTH } from "@domain/constants";
import { FullPageLoader } from "@/components/FullPageLoader";
import { AdminBanner } from "./AdminBanner";
import { DrawerWidgets } from "./DrawerWidgets";
import { Footer } from "./Footer";
import { setLeaving, useLeaving } from "./leaving";
import { Sidebar } from "./Sidebar";
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
  if (leaving) return <FullPageLoader />;
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: nav.mini ? SIDEBAR_MINI_WIDTH : SIDEBAR_WIDTH,
        breakpoint: 600,
        collapsed: { mobile: !nav.drawerOpen },
      }}
      padding={0}
      className={classes.shellRoot}
    >
      <a href={`#${MAIN_ID}`} className={classes.skipLink}>
        <Trans>Aller au contenu</Trans>
      </a>
      <AppShell.Header className={classes.header}>
        <TopBar isPhone={nav.isPhone} isDesktop={nav.isDesktop} navOpen={nav.navOpen} onToggleNav={nav.toggle} navId={NAV_ID} toggleId={TOGGLE_ID} />
      </AppShell.Header>
      <AppShell.Navbar
        id={NAV_ID}
        aria-label={t`Navigation principale`}
        p={nav.mini ? 8 : "sm"}
        inert={nav.isPhone && !nav.drawerOpen}
        data-testid="app-navbar"
      >
        {nav.isPhone && <DrawerWidgets />}
        <AppShell.Section grow component={ScrollArea} scrollbarSize={6} type="hover">
          <Sidebar mini={nav.mini} onNavigate={nav.closeDrawer} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main className={classes.shellMain} style={{ minHeight: 0 }} id={MAIN_ID} tabIndex={-1}>
        <AdminBanner />
        <div className={classes.content}>
          <Outlet />
        </div>
      </AppShell.Main>
      <footer className={classes.footerOffset}>
        <Footer />
      </footer>
    </AppShell>
  );
}
