import "@mantine/core/styles/Tabs.css";
import { useState } from "react";
import { Box, Button, Group, Popover, ScrollArea, Tabs, Text, Title, ActionIcon, Loader, Stack } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { AvailabilityBadge } from "@/components/AvailabilityBadge";
import { isNoConnection, NeedsConnection } from "@/components/NeedsConnection";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconArrowLeft, IconBell, IconSettings } from "@tabler/icons-react";
import { linkToRoute, NARROW_SCREEN_MAX_PX, truncateBody, type NotificationDto } from "@domain/notifications";
import { formatDate } from "@/lib/format";
import { useLocalized } from "@/lib/localized";
import { notificationsQueryOptions } from "../api/getNotifications";
import { useMarkAllSeen } from "../api/markAllSeen";
import { useMarkSeen } from "../api/markSeen";
import { unreadNotificationsQueryOptions } from "../api/unreadNotifications";
import type { Tab } from "../notifications.keys";
import { EnablePush } from "./EnablePush";
import { HeaderButton } from "./HeaderButton";
import { PreferencesPanel } from "./PreferencesPanel";
import classes from "./menus.module.css";

/**
 * The notifications menu of the top bar (SPEC §2, §4): tabs all / unread, 24 a page loaded as the list scrolls (and
 * with a button), a tap marks the notification seen and opens its route, mark all as read, the preference settings
 * of the four groups, and turning push on for this device. Its code loads with its first opening (the shell draws
 * the trigger alone until then). Titles and bodies in the pupil's language (`title_ar`, `body_en`…, French when
 * missing), the body cut after it is chosen (SPEC §9); `dir="auto"`, as a French fallback or an embedded name may be
 * in another script than the page.
 */
export function NotificationsMenu() {
  const { t } = useLingui();
  const [opened, setOpened] = useState(false);
  const [view, setView] = useState<"list" | "settings">("list");
  const [tab, setTab] = useState<Tab>("all");
  const { data: unread = 0 } = useQuery(unreadNotificationsQueryOptions);
  const markAll = useMarkAllSeen();
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      width={380}
      position="bottom-end"
      shadow="md"
      trapFocus
      returnFocus
      withinPortal
      middlewares={{ shift: { padding: 8 }, flip: false }}
    >
      <Popover.Target>
        <HeaderButton
          icon={<IconBell size={21} aria-hidden />}
          count={unread}
          label={unread ? t`Notifications, ${unread} non lues` : t`Notifications`}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={() => {
            // Each opening starts on the list.
            if (!opened) setView("list");
            setOpened(!opened);
          }}
          data-testid="notifications-button"
        />
      </Popover.Target>
      <Popover.Dropdown p={0} className={classes.dropdown} role="dialog" aria-labelledby="notifications-menu-title" data-testid="notifications-menu">
        {/* The actions keep their one-line labels: when the title and they do not fit one row (French on a phone), they
            move under the title as a block, never over it. */}
        <Group justify="space-between" wrap={view === "settings" ? "nowrap" : "wrap"} px="md" pt="sm" pb={4} gap="xs" style={{ rowGap: 0 }}>
          {view === "settings" ? (
            <ActionIcon variant="subtle" color="gray" size={44} aria-label={t`Retour aux notifications`} onClick={() => setView("list")}>
              <IconArrowLeft size={20} aria-hidden className={classes.flipRtl} />
            </ActionIcon>
          ) : null}
          <Title order={2} size="h5" id="notifications-menu-title" style={view === "settings" ? { flex: 1, minWidth: 0 } : { flex: "1 0 auto" }}>
            {view === "settings" ? t`Paramètres des notifications` : t`Notifications`}
          </Title>
          {view === "list" ? (
            <Group gap={4} wrap="nowrap" ms="auto">
              <Button
                variant="subtle"
                size="compact-sm"
                h={44}
                px={8}
                styles={{ label: { whiteSpace: "nowrap" } }}
                disabled={unread === 0}
                loading={markAll.isPending}
                onClick={() => markAll.mutate()}
                data-testid="mark-all-read"
              >
                {t`Tout marquer comme lu`}
              </Button>
              <ActionIcon variant="subtle" color="gray" size={44} aria-label={t`Paramètres des notifications`} onClick={() => setView("settings")} data-testid="notifications-settings">
                <IconSettings size={20} aria-hidden />
              </ActionIcon>
            </Group>
          ) : null}
        </Group>
        {view === "settings" ? (
          <ScrollArea.Autosize mah="min(70vh, 480px)" px="md" pb="md">
            <PreferencesPanel />
            <EnablePush />
          </ScrollArea.Autosize>
        ) : (
          <>
            <Tabs value={tab} onChange={(v) => setTab((v as Tab) ?? "all")} variant="pills" radius="xl" px="md">
              <Tabs.List grow>
                <Tabs.Tab value="all" className={classes.tab}>{t`Toutes`}</Tabs.Tab>
                <Tabs.Tab value="unread" className={classes.tab}>{t`Non lues`}</Tabs.Tab>
              </Tabs.List>
            </Tabs>
            <NotificationList key={tab} tab={tab} onOpen={() => setOpened(false)} />
          </>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

function NotificationList({ tab, onOpen }: { tab: Tab; onOpen: () => void }) {
  const { t } = useLingui();
  const router = useRouter();
  const narrow = useMediaQuery(`(max-width: ${NARROW_SCREEN_MAX_PX}px)`, false, { getInitialValueInEffect: false });
  const query = useInfiniteQuery(notificationsQueryOptions(tab));
  const markSeen = useMarkSeen();
  const l = useLocalized();
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const open = (n: NotificationDto) => {
    if (!n.seen) markSeen.mutate(n.id);
    const route = linkToRoute(n.link ?? n.url, window.location.origin);
    onOpen();
    if (route) router.history.push(route);
  };
  const more = () => {
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };
  return (
    <ScrollArea.Autosize mah="min(60vh, 440px)" onBottomReached={more} type="auto" mt="xs">
      {items.length > 0 && (
        <Box px="md" pb={4}>
          <AvailabilityBadge updatedAt={query.dataUpdatedAt} testId="notifications-availability" />
        </Box>
      )}
      {query.isPending ? (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label={t`Chargement`} />
        </Group>
      ) : query.isError && items.length === 0 ? (
        isNoConnection(query.error) ? (
          <Box p="xs">
            <NeedsConnection onRetry={() => void query.refetch()} testId="notifications-needs-connection">
              <Trans>Pas encore sur cet appareil : une connexion est nécessaire.</Trans>
            </NeedsConnection>
          </Box>
        ) : (
          <Text c="dimmed" ta="center" p="md">{t`Les notifications n'ont pas pu être chargées.`}</Text>
        )
      ) : items.length === 0 ? (
        <Text c="dimmed" ta="center" p="md" data-testid="notifications-empty">
          {tab === "unread" ? t`Aucune notification non lue` : t`Aucune notification`}
        </Text>
      ) : (
        <Stack gap={0} component="ul" className={classes.list} aria-label={t`Notifications`}>
          {items.map((n) => {
            const title = l(n, "title");
            const body = l(n, "body");
            return (
              <li key={n.id}>
                <button type="button" className={classes.item} data-unseen={!n.seen || undefined} onClick={() => open(n)} data-testid="notification-item">
                  <Text component="span" fw={n.seen ? 500 : 700} size="sm" display="block" dir="auto">
                    {!n.seen ? <span className={classes.dot} aria-hidden /> : null}
                    {title}
                    {!n.seen ? <span className={classes.visuallyHidden}>{t`(non lue)`}</span> : null}
                  </Text>
                  <Text component="span" size="sm" c="dimmed" display="block" title={body} dir="auto">
                    {truncateBody(body, narrow)}
                  </Text>
                  <Text component="span" size="xs" c="dimmed" display="block">
                    {formatDate(n.created_at)}
                  </Text>
                </button>
              </li>
            );
          })}
        </Stack>
      )}
      {query.hasNextPage ? (
        <Box p="xs" ta="center">
          <Button variant="subtle" size="compact-sm" className={classes.tab} loading={query.isFetchingNextPage} onClick={more} data-testid="notifications-more">
            {t`Voir plus`}
          </Button>
        </Box>
      ) : null}
    </ScrollArea.Autosize>
  );
}
