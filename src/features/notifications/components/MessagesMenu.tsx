import "@mantine/core/styles/Tabs.css";
import { useState } from "react";
import { Box, Button, Group, Popover, ScrollArea, Stack, Tabs, Text, Title, Loader } from "@mantine/core";
import { AvailabilityBadge } from "@/components/AvailabilityBadge";
import { isNoConnection, NeedsConnection } from "@/components/NeedsConnection";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconMail } from "@tabler/icons-react";
import { formatDate } from "@/lib/format";
import { useLocalized } from "@/lib/localized";
import { messagesQueryOptions } from "../api/getMessages";
import { unreadMessagesQueryOptions } from "../api/unreadMessages";
import type { Tab } from "../notifications.keys";
import { HeaderButton } from "./HeaderButton";
import classes from "./menus.module.css";

/** The messages menu of the top bar (SPEC §2): tabs all / unread, each message links to /inbox/{id}. Loads on first opening. */
export function MessagesMenu() {
  const { t } = useLingui();
  const [opened, setOpened] = useState(false);
  const [tab, setTab] = useState<Tab>("all");
  const { data: unread = 0 } = useQuery(unreadMessagesQueryOptions);
  return (
    <Popover opened={opened} onChange={setOpened} width={360} position="bottom-end" shadow="md" trapFocus returnFocus withinPortal middlewares={{ shift: { padding: 8 }, flip: false }}>
      <Popover.Target>
        <HeaderButton
          icon={<IconMail size={21} aria-hidden />}
          count={unread}
          label={unread ? t`Messages, ${unread} non lus` : t`Messages`}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={() => setOpened((o) => !o)}
          data-testid="messages-button"
        />
      </Popover.Target>
      <Popover.Dropdown p={0} className={classes.dropdown} role="dialog" aria-labelledby="messages-menu-title" data-testid="messages-menu">
        <Title order={2} size="h5" id="messages-menu-title" px="md" pt="sm" pb={6}>
          {t`Messages`}
        </Title>
        <Tabs value={tab} onChange={(v) => setTab((v as Tab) ?? "all")} variant="pills" radius="xl" px="md">
          <Tabs.List grow>
            <Tabs.Tab value="all" className={classes.tab}>{t`Tous`}</Tabs.Tab>
            <Tabs.Tab value="unread" className={classes.tab}>{t`Non lus`}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <MessageList key={tab} tab={tab} onOpen={() => setOpened(false)} />
      </Popover.Dropdown>
    </Popover>
  );
}

function MessageList({ tab, onOpen }: { tab: Tab; onOpen: () => void }) {
  const { t } = useLingui();
  const l = useLocalized();
  const query = useInfiniteQuery(messagesQueryOptions(tab));
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const more = () => {
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };
  return (
    <ScrollArea.Autosize mah="min(60vh, 420px)" onBottomReached={more} type="auto" mt="xs">
      {items.length > 0 && (
        <Box px="md" pb={4}>
          <AvailabilityBadge updatedAt={query.dataUpdatedAt} testId="messages-availability" />
        </Box>
      )}
      {query.isPending ? (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label={t`Chargement`} />
        </Group>
      ) : query.isError && items.length === 0 ? (
        isNoConnection(query.error) ? (
          <Box p="xs">
            <NeedsConnection onRetry={() => void query.refetch()} testId="messages-needs-connection">
              <Trans>Pas encore sur cet appareil : une connexion est nécessaire.</Trans>
            </NeedsConnection>
          </Box>
        ) : (
          <Text c="dimmed" ta="center" p="md">{t`Les messages n'ont pas pu être chargés.`}</Text>
        )
      ) : items.length === 0 ? (
        <Text c="dimmed" ta="center" p="md">{tab === "unread" ? t`Aucun message non lu` : t`Aucun message`}</Text>
      ) : (
        <Stack gap={0} component="ul" className={classes.list} aria-label={t`Messages`}>
          {items.map((m) => (
            <li key={m._id}>
              <Link to="/inbox/$id" params={{ id: String(m._id) }} className={classes.item} data-unseen={!m.seen || undefined} onClick={onOpen} data-testid="message-item">
                <Text component="span" fw={m.seen ? 500 : 700} size="sm" display="block" dir="auto">
                  {!m.seen ? <span className={classes.dot} aria-hidden /> : null}
                  {l(m.message)}
                  {!m.seen ? <span className={classes.visuallyHidden}>{t`(non lu)`}</span> : null}
                </Text>
                <Text component="span" size="xs" c="dimmed" display="block">
                  {formatDate(m.message.created_at)}
                </Text>
              </Link>
            </li>
          ))}
        </Stack>
      )}
      {query.hasNextPage ? (
        <Box p="xs" ta="center">
          <Button variant="subtle" size="compact-sm" className={classes.tab} loading={query.isFetchingNextPage} onClick={more}>
            {t`Voir plus`}
          </Button>
        </Box>
      ) : null}
    </ScrollArea.Autosize>
  );
}
