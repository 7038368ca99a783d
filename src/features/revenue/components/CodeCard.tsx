import { Badge, Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ProfitDiscountCodeDto } from "@domain/schemas/revenue";
import { formatDate } from "@/lib/format";
import { useFormatMillimes, useFormatNumber } from "@/lib/i18n/labels";
import classes from "./revenue.module.css";

/** One of the influencer's codes: the code, its dates, how often it was used and the revenue it brought. */
export function CodeCard({ code }: { code: ProfitDiscountCodeDto }) {
  const { t } = useLingui();
  const money = useFormatMillimes();
  const number = useFormatNumber();
  const total = money(code.totalAmount);
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`revenue-code-${code.code}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={800} fz="xl" dir="ltr" ff="monospace">
            {code.code}
          </Text>
          <Badge color={code.active ? "teal.9" : "gray.7"} variant="filled" tt="none">
            {code.active ? t`Actif` : t`Inactif`}
          </Badge>
        </Group>
        <SimpleGrid cols={2} spacing="xs">
          <div>
            <Text size="xs" c="dimmed">
              <Trans>Utilisations</Trans>
            </Text>
            <Text fw={700} className={classes.amount}>
              {number(code.nb_of_use)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              <Trans>Revenu total</Trans>
            </Text>
            <Text fw={700} className={classes.amount} data-testid="revenue-code-total">
              <Trans>{total} DT</Trans>
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              <Trans>Créé le</Trans>
            </Text>
            <Text size="sm">{formatDate(code.created_at)}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              <Trans>Expire le</Trans>
            </Text>
            <Text size="sm">{code.expired_at ? formatDate(code.expired_at) : t`Sans expiration`}</Text>
          </div>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
