import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconCoinOff } from "@tabler/icons-react";
import { useFormatNumber, useTokensWord } from "@/lib/i18n/labels";
import { meQueryOptions } from "@/lib/me";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { cartQueryOptions } from "../api/getCart";
import { CartItems } from "../components/CartItems";
import { ReferralGate } from "../components/ReferralGate";

function NoCoins() {
  const { t } = useLingui();
  useDocumentTitle(t`Pas assez de jetons`);
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const cart = useQuery(cartQueryOptions);
  const items = cart.data?.items.length ?? 0;
  const affordable = items > 0 && (cart.data?.amount ?? 0) <= me.gift_point;
  const fmt = useFormatNumber();
  const balance = `${fmt(me.gift_point)} ${useTokensWord(me.gift_point)}`;
  return (
    <Stack gap="md" align="center" ta="center" py="xl" data-testid="no-coins">
      <IconCoinOff
        size={56}
        stroke={1.5}
        aria-hidden
        color="var(--mantine-color-dimmed)"
      />
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        <Trans>Vous n'avez pas assez de jetons</Trans>
      </Title>
      <Text>
        <Trans>
          Vous avez <strong>{balance}</strong>. Parrainez vos amis pour en
          gagner, ou retirez un cadeau de votre panier.
        </Trans>
      </Text>
      <Group gap="sm" justify="center">
        <Button component={Link} to="/gift-code" variant="light">
          <Trans>Partager mon code</Trans>
        </Button>
        {affordable && (
          <Button
            component={Link}
            to="/parrain/confirm-order"
            variant="default"
          >
            <Trans>Passer la commande</Trans>
          </Button>
        )}
      </Group>
      {cart.data && items > 0 && (
        <div style={{ width: "100%", maxWidth: 560, textAlign: "start" }}>
          <CartItems cart={cart.data} balance={me.gift_point} />
        </div>
      )}
    </Stack>
  );
}

/** `/parrain/no-coins`: the cart costs more tokens than the pupil holds. */
export function NoCoinsScreen() {
  return (
    <ReferralGate page="other">
      <NoCoins />
    </ReferralGate>
  );
}
