import { Burger, Box } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { useSuspenseQuery } from "@tanstack/react-query";
import { isPupilAccount } from "@domain/guards";
import { useClassMode } from "@/lib/kiosk";
import { meQueryOptions } from "@/lib/me";
import { Logo } from "@/components/Logo";
import { OfflineStatus } from "@/components/OfflineStatus";
import { ThemeToggle } from "@/components/ThemeToggle";
import { GiftBalanceWidget } from "./GiftBalanceWidget";
import { HeaderMenus } from "./HeaderMenus";
import { LanguageMenu } from "./LanguageMenu";
import { SearchEntry } from "./SearchEntry";
import { UserMenu } from "./UserMenu";
import { WalletWidget } from "./WalletWidget";
import classes from "./shell.module.css";

export interface TopBarProps {
  isPhone: boolean;
  /** ≥ 1200 px: room for the language's full name. */
  isDesktop: boolean;
  /** Phones: the drawer is open. Larger screens: the sidebar shows its labels (not the mini rail). */
  navOpen: boolean;
  onToggleNav: () => void;
  navId: string;
  toggleId?: string;
}

/**
 * The top bar (SPEC §2 "Shell"): menu toggle, logo, search, gift balance (eligible pupils), wallet,
 * notifications, language, theme and the user menu. Phones keep the essentials; the rest is in the drawer. A parent's
 * bar has no pupil widget (search, gift balance, wallet): nothing of the pupils' app, nor its API, for them.
 */
export function TopBar({ isPhone, isDesktop, navOpen, onToggleNav, navId, toggleId }: TopBarProps) {
  const { t } = useLingui();
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const pupil = isPupilAccount(me.user_type);
  // Not on a class tablet: no balances (issue 23 kiosk).
  const classMode = useClassMode();
  const toggleLabel = isPhone ? (navOpen ? t`Fermer le menu` : t`Ouvrir le menu`) : navOpen ? t`Réduire le menu` : t`Agrandir le menu`;
  return (
    <>
      <Burger
        opened={isPhone && navOpen}
        onClick={onToggleNav}
        size="sm"
        aria-label={toggleLabel}
        aria-expanded={navOpen}
        aria-controls={navId}
        id={toggleId}
        className={classes.navToggle}
        // 44 × 44 px (WCAG 2.5.5) around the small burger; inline, as Mantine's own size rule comes later in the CSS.
        style={{ width: 44, height: 44 }}
        data-testid="nav-toggle"
      />
      <Link to="/" className={classes.logoLink} aria-label={t`Darsi, accueil`}>
        <Logo size={30} withName={!isPhone} />
      </Link>
      <div className={classes.searchSlot}>{pupil && <SearchEntry />}</div>
      <OfflineStatus />
      {pupil && !classMode && <GiftBalanceWidget className={classes.hideOnPhone} />}
      {pupil && !classMode && <WalletWidget compact={isPhone} />}
      <HeaderMenus withMessages />
      <LanguageMenu compact={!isDesktop} />
      <Box className={classes.hideOnPhone}>
        <ThemeToggle />
      </Box>
      <UserMenu />
    </>
  );
}
