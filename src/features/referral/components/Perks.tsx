import { Paper, Stack, Text, ThemeIcon } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { IconDiscount2, IconGift } from "@tabler/icons-react";
import { REFERRAL_PERCENT } from "@domain/referral";
import classes from "./referral.module.css";

/** What the friend gets with the code, and what the pupil earns (SPEC §1; tokens: `referralTokens`). */
export function Perks() {
  const percent = REFERRAL_PERCENT;
  return (
    <div className={classes.perks} data-testid="gift-perks">
      <Paper withBorder radius="md" p="md">
        <Stack gap={6}>
          <ThemeIcon variant="light" size={40} radius="xl" aria-hidden>
            <IconDiscount2 size={22} />
          </ThemeIcon>
          <Text fw={700}>
            <Trans>Votre ami</Trans>
          </Text>
          <Text size="sm">
            <Trans>
              {percent} % de réduction sur la première tranche de son
              abonnement.
            </Trans>
          </Text>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap={6}>
          <ThemeIcon variant="light" size={40} radius="xl" aria-hidden>
            <IconGift size={22} />
          </ThemeIcon>
          <Text fw={700}>
            <Trans>Vous</Trans>
          </Text>
          <Text size="sm">
            <Trans>
              {percent} % du prix en points dans votre porte-monnaie, et 1 jeton
              par tranche de 10 DT payée par votre ami (au moins 1 jeton), à
              convertir en points ou à échanger contre des cadeaux.
            </Trans>
          </Text>
        </Stack>
      </Paper>
    </div>
  );
}
