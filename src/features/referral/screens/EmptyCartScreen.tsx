import { Button, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconShoppingCartOff } from "@tabler/icons-react";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { OrdersLink } from "../components/OrdersLink";
import { ReferralGate } from "../components/ReferralGate";

function EmptyCart() {
  const { t } = useLingui();
  useDocumentTitle(t`Mon panier`);
  return (
    <Stack gap="md" align="center" ta="center" py="xl" data-testid="empty-cart">
      <IconShoppingCartOff
        size={56}
        stroke={1.5}
        aria-hidden
        color="var(--mantine-color-dimmed)"
      />
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        <Trans>Votre panier est vide</Trans>
      </Title>
      <Text c="dimmed">
        <Trans>
          Choisissez un cadeau dans le catalogue pour l'ajouter à votre panier.
        </Trans>
      </Text>
      <Button component={Link} to="/parrain/products">
        <Trans>Voir les cadeaux</Trans>
      </Button>
      <OrdersLink />
    </Stack>
  );
}

/** `/parrain/empty-cart` (SPEC §4, §8 'Your cart is currently empty'). */
export function EmptyCartScreen() {
  return (
    <ReferralGate page="other">
      <EmptyCart />
    </ReferralGate>
  );
}
