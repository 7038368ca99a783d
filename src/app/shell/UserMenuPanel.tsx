import { lazy, Suspense, useState } from "react";
import { Badge, Menu, Text, VisuallyHidden } from "@mantine/core";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import {
  IconBookmark,
  IconFileText,
  IconFlag,
  IconHistory,
  IconLogout,
  IconUser,
  IconUsers,
  IconExternalLink,
  IconCircleMinus,
} from "@tabler/icons-react";
import { useClassMode } from "@/lib/kiosk";
import { meQueryOptions } from "@/lib/me";
import { useLocalized } from "@/lib/localized";
import { configQueryOptions } from "@/lib/config";
import { UserMenuTrigger } from "./UserMenuTrigger";
import { useLogout } from "./useLogout";
import { useDisplayName } from "@/lib/displayName";

// The lite mode's part of the menu (switch, data used, storage): its own chunk, out of the shell's first load.
const LiteMenuSection = lazy(() => import("../lite/LiteMenuSection").then((m) => ({ default: m.LiteMenuSection })));

// The operator's unsubscribe dialog (a Modal) loads when it opens: the shell's first load carries no dialog code.
const UnsubscribeDialog = lazy(() => import("@/features/operator/components/UnsubscribeDialog").then((m) => ({ default: m.UnsubscribeDialog })));

/**
 * The user dropdown (SPEC §2) on the avatar and name, with Mantine's Menu. Loaded on first use by UserMenu.tsx,
 * which draws the same trigger until then.
 */
export function UserMenuPanel() {
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const l = useLocalized();
  const { data: config } = useQuery(configQueryOptions);
  const { busy, logout } = useLogout();
  // Not on a class tablet: the operator subscription is money (issue 23 kiosk).
  const classMode = useClassMode();
  // "Se désabonner" (SPEC §6, offer 33): its confirmation lives outside the menu, which closes on click.
  const [unsubscribing, setUnsubscribing] = useState(false);
  const fullName = useDisplayName(me);
  const pendingParent = me.hasParent && me.hasParentRequest;
  // A parent's account has no bookmarks, reports or history of its own (their space is /request-parent-user-children).
  const pupil = me.user_type !== "parent";

  return (
    <>
      <Menu position="bottom-end" width={280} withinPortal shadow="md" withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <UserMenuTrigger />
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={700} c="var(--mantine-color-text)" truncate="end">
              {fullName}
            </Text>
            {me.division && (
              <Text size="xs" c="dimmed" truncate="end">
                {l(me.division)}
              </Text>
            )}
          </Menu.Label>
          <Menu.Item component={Link} to="/mon-profil" leftSection={<IconUser size={18} aria-hidden />}>
            <Trans>Mon profil</Trans>
          </Menu.Item>
          {pupil && (
            <Menu.Item component={Link} to="/liste-de-favoris" leftSection={<IconBookmark size={18} aria-hidden />}>
              <Trans>Liste de favoris</Trans>
            </Menu.Item>
          )}
          {me.hasParent && (
            <Menu.Item
              component={Link}
              to="/liste-des-demandes-parentales"
              leftSection={<IconUsers size={18} aria-hidden />}
              fw={pendingParent ? 700 : undefined}
              rightSection={
                pendingParent ? (
                  <Badge color="red.8" variant="filled" size="xs" tt="none">
                    <Trans>En attente</Trans>
                  </Badge>
                ) : undefined
              }
              data-testid="menu-parent-requests"
              data-pending={pendingParent || undefined}
            >
              <Trans>Demandes parentales</Trans>
            </Menu.Item>
          )}
          {pupil && (
            <Menu.Item component={Link} to="/reports" leftSection={<IconFlag size={18} aria-hidden />}>
              <Trans>Mes rapports</Trans>
            </Menu.Item>
          )}
          {pupil && (
            <Menu.Item component={Link} to="/historique" leftSection={<IconHistory size={18} aria-hidden />}>
              <Trans>Historique</Trans>
            </Menu.Item>
          )}
          {config?.termsUrl && (
            <Menu.Item
              component="a"
              href={config.termsUrl}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<IconFileText size={18} aria-hidden />}
              rightSection={<IconExternalLink size={14} aria-hidden />}
            >
              <Trans>Conditions d'utilisation</Trans>
              <VisuallyHidden>
                <Trans>(nouvel onglet)</Trans>
              </VisuallyHidden>
            </Menu.Item>
          )}
          {me.digitalVirgoClient && !classMode && (
            <Menu.Item leftSection={<IconCircleMinus size={18} aria-hidden />} onClick={() => setUnsubscribing(true)} data-testid="menu-operator-unsubscribe">
              <Trans>Se désabonner</Trans>
            </Menu.Item>
          )}
          <Suspense fallback={null}>
            <LiteMenuSection />
          </Suspense>
          <Menu.Divider />
          <Menu.Item
            color="red.8"
            leftSection={<IconLogout size={18} aria-hidden className="darsi-flip" />}
            onClick={() => void logout()}
            disabled={busy}
            closeMenuOnClick={false}
            data-testid="logout"
          >
            <Trans>Déconnecter</Trans>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {me.digitalVirgoClient && unsubscribing && (
        <Suspense fallback={null}>
          <UnsubscribeDialog opened onClose={() => setUnsubscribing(false)} />
        </Suspense>
      )}
    </>
  );
}
