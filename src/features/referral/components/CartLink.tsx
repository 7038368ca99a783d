import { Button } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { IconShoppingCart } from "@tabler/icons-react";
import { useFormatNumber } from "@/lib/i18n/labels";
import { cartQueryOptions } from "../api/getCart";

/** The cart's button on the catalogue and a gift's page: how many gifts it holds, to `/parrain/confirm-order`. */
export function CartLink() {
  const cart = useQuery(cartQueryOptions);
  const fmt = useFormatNumber();
  const n = cart.data?.items.length ?? 0;
  const count = fmt(n);
  return (
    <Button
      component={Link}
      to={n > 0 ? "/parrain/confirm-order" : "/parrain/empty-cart"}
      variant="light"
      leftSection={<IconShoppingCart size={18} aria-hidden />}
      data-testid="cart-link"
      style={{ alignSelf: "flex-start" }}
    >
      <Trans>Panier ({count})</Trans>
    </Button>
  );
}
