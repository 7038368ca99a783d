import "@mantine/core/styles/Card.css";
import "@mantine/core/styles/SimpleGrid.css";
import {
  Button,
  Card,
  CopyButton,
  SimpleGrid,
  Stack,
  Text,
} from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocalized } from "@/lib/localized";
import { BANK_ACCOUNTS, formatRib } from "../banks";
import classes from "./wallet.module.css";

/** The three bank accounts to pay into, each RIB with a copy button. */
export function BankAccounts() {
  const { t } = useLingui();
  const l = useLocalized();
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 3 }}
      spacing="md"
      data-testid="bank-accounts"
    >
      {BANK_ACCOUNTS.map((account) => {
        const bank = l(account, "bank");
        return (
          <Card
            key={account.id}
            withBorder
            radius="md"
            padding="md"
            data-testid="bank-account"
          >
            <Stack gap={6}>
              <Text fw={700}>
                <bdi>{bank}</bdi>
              </Text>
              <Text size="sm" c="dimmed">
                <bdi>{l(account, "branch")}</bdi> · <bdi>{account.holder}</bdi>
              </Text>
              <Text size="xs" c="dimmed">
                <Trans>RIB</Trans>
              </Text>
              <Text className={classes.rib}>
                <bdi dir="ltr" data-testid="bank-rib">
                  {formatRib(account.rib)}
                </bdi>
              </Text>
              <CopyButton value={account.rib} timeout={2000}>
                {({ copied, copy }) => (
                  <Button
                    variant={copied ? "filled" : "light"}
                    color={copied ? "teal.8" : undefined}
                    size="sm"
                    leftSection={
                      copied ? (
                        <IconCheck size={16} aria-hidden />
                      ) : (
                        <IconCopy size={16} aria-hidden />
                      )
                    }
                    onClick={copy}
                    aria-label={
                      copied ? t`RIB copié` : t`Copier le RIB ${bank}`
                    }
                    data-testid="copy-rib"
                  >
                    {copied ? (
                      <Trans>Copié</Trans>
                    ) : (
                      <Trans>Copier le RIB</Trans>
                    )}
                  </Button>
                )}
              </CopyButton>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
