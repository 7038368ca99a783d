import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconArrowsExchange, IconGift } from "@tabler/icons-react";
import { meQueryOptions } from "@/lib/me";
import { useFormatNumber, useTokensWord } from "@/lib/i18n/labels";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { OrdersLink } from "../components/OrdersLink";
import { Perks } from "../components/Perks";
import { ReferralGate } from "../components/ReferralGate";
import { ShareCode } from "../components/ShareCode";
import { UsesTable } from "../components/UsesTable";
import type { ReferralPageSearch } from "../search";

export interface GiftCodeScreenProps extends ReferralPageSearch {
  onChange: (next: ReferralPageSearch) => void;
}

function GiftCode({ page, perPage, onChange }: GiftCodeScreenProps) {
  const { t } = useLingui();
  useDocumentTitle(t`Mon code cadeau`);
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const fmt = useFormatNumber();
  const word = useTokensWord(me.gift_point);
  const balance = fmt(me.gift_point);
  return (
    <Stack gap="xl">
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        <Trans>Parrainage</Trans>
      </Title>
      <ShareCode code={me.gift_code ?? ""} />
      <Perks />
      <Stack gap="xs">
        <Text data-testid="gift-code-balance">
          <Trans>
            Vous avez <strong>{balance}</strong> {word}.
          </Trans>
        </Text>
        <Group gap="sm">
          <Button
            component={Link}
            to="/convert-coins"
            variant="light"
            leftSection={<IconArrowsExchange size={18} aria-hidden />}
          >
            <Trans>Convertir mes jetons</Trans>
          </Button>
          <Button
            component={Link}
            to="/parrain/products"
            variant="light"
            leftSection={<IconGift size={18} aria-hidden />}
          >
            <Trans>Voir les cadeaux</Trans>
          </Button>
          <OrdersLink none />
        </Group>
      </Stack>
      <UsesTable page={page} perPage={perPage} onChange={onChange} />
    </Stack>
  );
}

/** `/gift-code`: the pupil's code with copy and share, what it gives, the tokens and the history of its uses. */
export function GiftCodeScreen(props: GiftCodeScreenProps) {
  return (
    <ReferralGate page="code">
      <GiftCode {...props} />
    </ReferralGate>
  );
}
