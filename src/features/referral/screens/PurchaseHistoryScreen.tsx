import "@mantine/core/styles/Skeleton.css";
import {
  Alert,
  Anchor,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconChevronLeft } from "@tabler/icons-react";
import type { GiftOrderDto } from "@domain/referral";
import { formatDate } from "@/lib/format";
import { describeError } from "@/lib/i18n/errors";
import { useFormatNumber, useTokensWord } from "@/lib/i18n/labels";
import { useLocalized } from "@/lib/localized";
import { refName } from "@/lib/reference";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { giftOrderQueryOptions } from "../api/getGiftOrder";
import { GiftPrice } from "../components/GiftCard";
import { OrdersList } from "../components/OrdersList";
import { OrderStatus } from "../components/OrderStatus";
import { ReferralGate } from "../components/ReferralGate";
import type { ReferralPageSearch } from "../search";

/** What the status means for the pupil, under the badge. */
function StatusNote({ order }: { order: GiftOrderDto }) {
  const fmt = useFormatNumber();
  const tokens = `${fmt(order.amount)} ${useTokensWord(order.amount)}`;
  const reason = order.reason ?? "";
  switch (order.status) {
    case "pending":
      return (
        <Trans>Votre commande attend la validation de l'équipe Darsi.</Trans>
      );
    case "approved":
      return (
        <Trans>Votre commande est acceptée : elle sera bientôt expédiée.</Trans>
      );
    case "shipped":
      return <Trans>Votre colis est en route.</Trans>;
    case "delivered":
      return <Trans>Votre cadeau a été livré.</Trans>;
    case "rejected":
      return reason ? (
        <Trans>
          Commande refusée ({reason}) : {tokens} vous ont été rendus.
        </Trans>
      ) : (
        <Trans>Commande refusée : {tokens} vous ont été rendus.</Trans>
      );
  }
}

function Order({ order }: { order: GiftOrderDto }) {
  const { t, i18n } = useLingui();
  const l = useLocalized();
  const fmt = useFormatNumber();
  const number = fmt(order.id);
  const tokens = `${fmt(order.amount)} ${useTokensWord(order.amount)}`;
  const date = formatDate(order.created_at);
  const d = order.delivery;
  const state = d.state ? refName(d.state, i18n.locale) : "";
  return (
    <Paper withBorder radius="md" p="md" data-testid="gift-order">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={1} fz={{ base: "h3", sm: "h2" }}>
            <Trans>Commande n° {number}</Trans>
          </Title>
          <OrderStatus status={order.status} />
        </Group>
        <Alert
          color={
            order.status === "rejected"
              ? "red"
              : order.status === "delivered"
                ? "teal"
                : "blue"
          }
          variant="light"
          data-testid="order-status-note"
        >
          <StatusNote order={order} />
        </Alert>
        <Text size="sm" c="dimmed">
          <Trans>
            Passée le {date} · {tokens}
          </Trans>
        </Text>
        <Title order={2} fz="h4">
          <Trans>Cadeaux</Trans>
        </Title>
        <ul
          style={{ listStyle: "none", margin: 0, padding: 0 }}
          aria-label={t`Cadeaux de la commande`}
        >
          {order.items.map((item) => (
            <li key={item.id}>
              <Group
                justify="space-between"
                gap="xs"
                wrap="nowrap"
                py={4}
                data-testid="order-item"
              >
                <Text style={{ minWidth: 0 }}>
                  <bdi>{l(item.gift)}</bdi>
                </Text>
                <GiftPrice amount={item.amount} />
              </Group>
            </li>
          ))}
        </ul>
        <Title order={2} fz="h4">
          <Trans>Livraison</Trans>
        </Title>
        <Stack gap={2} data-testid="order-delivery">
          <Text fw={600}>
            <bdi>{d.name}</bdi>
          </Text>
          <Text>
            <bdi>{d.address}</bdi>
            {d.postal_code ? (
              <>
                {" "}
                · <bdi>{d.postal_code}</bdi>
              </>
            ) : null}
          </Text>
          {state && <Text>{state}</Text>}
          <Text>
            <bdi dir="ltr">
              {[d.phone1, d.phone2].filter(Boolean).join(" · ")}
            </bdi>
          </Text>
          <Text style={{ overflowWrap: "anywhere" }}>
            <bdi dir="ltr">{d.email}</bdi>
          </Text>
          {d.note && (
            <Text size="sm" c="dimmed">
              <bdi>{d.note}</bdi>
            </Text>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

export interface PurchaseHistoryScreenProps extends ReferralPageSearch {
  id: number;
  onChange: (next: ReferralPageSearch) => void;
}

function PurchaseHistory({ id, page, perPage, onChange }: PurchaseHistoryScreenProps) {
  const { t, i18n } = useLingui();
  const order = useQuery(giftOrderQueryOptions(id));
  const number = String(id);
  useDocumentTitle(t`Commande n° ${number}`);
  return (
    <Stack gap="lg" maw={720}>
      <Anchor
        component={Link}
        to="/parrain/products"
        size="sm"
        style={{ display: "inline-flex", alignItems: "center", gap: 4 }}
      >
        <IconChevronLeft size={16} aria-hidden className="darsi-flip" />
        <Trans>Tous les cadeaux</Trans>
      </Anchor>
      {order.isPending ? (
        <Skeleton height={320} radius="lg" data-testid="order-loading" />
      ) : order.isError ? (
        <Text c="red.9" role="alert" data-testid="order-error">
          {describeError(i18n, order.error)}
        </Text>
      ) : (
        <Order order={order.data} />
      )}
      <OrdersList current={id} page={page} perPage={perPage} onChange={onChange} />
    </Stack>
  );
}

/**
 * `/parrain/purchase-history/{id}`: one order (its gifts, delivery and status) and the list of the pupil's orders, paged
 * 10/25/100 in the URL (`?page&perPage`).
 */
export function PurchaseHistoryScreen(props: PurchaseHistoryScreenProps) {
  return (
    <ReferralGate page="other">
      <PurchaseHistory {...props} />
    </ReferralGate>
  );
}
