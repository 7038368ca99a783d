import { Anchor, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { TablePager } from "@/components/TablePager";
import { formatDate } from "@/lib/format";
import { describeError } from "@/lib/i18n/errors";
import { useFormatNumber, useTokensWord } from "@/lib/i18n/labels";
import { giftOrdersQueryOptions } from "../api/getGiftOrders";
import type { ReferralPageSearch } from "../search";
import { OrderStatus } from "./OrderStatus";

function OrderLine({
  id,
  amount,
  createdAt,
  status,
  current,
  search,
}: {
  id: number;
  amount: number;
  createdAt: string;
  status: Parameters<typeof OrderStatus>[0]["status"];
  current: boolean;
  search: ReferralPageSearch;
}) {
  const fmt = useFormatNumber();
  const tokens = `${fmt(amount)} ${useTokensWord(amount)}`;
  const number = fmt(id);
  const date = formatDate(createdAt);
  return (
    <li>
      <Group justify="space-between" gap="xs" wrap="nowrap" py={6}>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Anchor
            renderRoot={(props) => (
              <Link
                {...props}
                to="/parrain/purchase-history/$id"
                params={{ id: String(id) }}
                search={search}
              />
            )}
            fw={current ? 800 : 600}
            aria-current={current ? "page" : undefined}
          >
            <Trans>Commande n° {number}</Trans>
          </Anchor>
          <Text size="sm" c="dimmed">
            {date} · {tokens}
          </Text>
        </Stack>
        <OrderStatus status={status} />
      </Group>
    </li>
  );
}

/**
 * The pupil's orders, newest first, paged 10/25/100 (`?page&perPage` of the order's page), each a link to its page
 * that keeps the list on the same page. Nothing when there is none.
 */
export function OrdersList({
  current,
  page,
  perPage,
  onChange,
}: ReferralPageSearch & {
  current?: number;
  onChange: (next: ReferralPageSearch) => void;
}) {
  const { t, i18n } = useLingui();
  const orders = useQuery(giftOrdersQueryOptions(page, perPage));
  const data = orders.data;
  const past = !!data && data.meta.total > 0 && page > data.meta.last_page;
  // A page past the last one (an old link, orders gone): the last page instead of an empty list.
  useEffect(() => {
    if (past) onChange({ page: data.meta.last_page, perPage });
  }, [past, data, perPage, onChange]);
  if (orders.isError)
    return (
      <Text c="red.9" role="alert" data-testid="gift-orders-error">
        {describeError(i18n, orders.error)}
      </Text>
    );
  if (!data || data.meta.total === 0 || past) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="gift-orders">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          <Trans>Mes commandes</Trans>
        </Title>
        <ul
          style={{ listStyle: "none", margin: 0, padding: 0 }}
          aria-label={t`Mes commandes`}
        >
          {data.items.map((o) => (
            <OrderLine
              key={o.id}
              id={o.id}
              amount={o.amount}
              createdAt={o.created_at}
              status={o.status}
              current={o.id === current}
              search={{ page, perPage }}
            />
          ))}
        </ul>
        <TablePager
          page={page}
          perPage={perPage}
          lastPage={data.meta.last_page}
          onChange={onChange}
          testId="gift-orders-per-page"
        />
      </Stack>
    </Paper>
  );
}
