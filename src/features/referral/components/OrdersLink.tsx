import { Button, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { IconPackage } from "@tabler/icons-react";
import { DEFAULT_PAGE_SIZE } from "@domain/constants";
import { giftOrdersQueryOptions } from "../api/getGiftOrders";

/**
 * "Mes commandes" on `/gift-code`, the catalogue, a gift's page and the empty cart: to the newest order's page
 * (`/parrain/purchase-history/{id}`, which lists every order, paged). A pupil who never ordered is told so instead of a
 * link to nothing where `none` is asked (on `/gift-code`), and sees nothing elsewhere. Reads the first page of the orders (the same query as that page's list).
 */
export function OrdersLink({ none = false }: { none?: boolean }) {
  const orders = useQuery(giftOrdersQueryOptions(1, DEFAULT_PAGE_SIZE));
  const newest = orders.data?.items[0];
  if (!orders.data) return null;
  if (!newest)
    return !none ? null : (
      <Text size="sm" c="dimmed" data-testid="orders-none">
        <Trans>Aucune commande pour l'instant</Trans>
      </Text>
    );
  return (
    <Button
      renderRoot={(props) => (
        <Link
          {...props}
          to="/parrain/purchase-history/$id"
          params={{ id: String(newest.id) }}
        />
      )}
      variant="light"
      leftSection={<IconPackage size={18} aria-hidden />}
      data-testid="orders-link"
    >
      <Trans>Mes commandes</Trans>
    </Button>
  );
}
