import { Button, Card, Group, Progress, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { IconChevronRight, IconGift, IconWallet } from "@tabler/icons-react";
import type { Me } from "@domain/user";
import { useFormatNumber, usePointsWord, useTokensWord } from "@/lib/i18n/labels";
import { routeTo } from "@/lib/routeTo";
import classes from "./home.module.css";

type PointsMe = Pick<Me, "points" | "gift_point" | "freeHours" | "permissions">;

/** The points balance (1 point = 1 TND), with free hours and tokens when the pupil has them. */
export function PointsCard({ me }: { me: PointsMe }) {
  const fmt = useFormatNumber();
  const word = usePointsWord(me.points);
  return (
    <Card withBorder radius="lg" padding="lg" className={`${classes.card} ${classes.pointsCard}`} component="section" aria-labelledby="home-points-title">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={40} radius="xl" color="teal.8" variant="filled" aria-hidden>
          <IconWallet size={22} />
        </ThemeIcon>
        <Title order={2} fz="lg" id="home-points-title">
          <Trans>Mon solde</Trans>
        </Title>
      </Group>
      <Group gap={8} align="baseline" mt="md" data-testid="home-points">
        <span className={classes.balance}>{fmt(me.points)}</span>
        <Text fz="lg" fw={600}>
          {word}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        <Trans>1 point = 1 DT</Trans>
      </Text>

      <Stack gap="sm" mt="md">
        {me.freeHours && <FreeHours freeHours={me.freeHours} />}
        {me.permissions.eligibleUserForGift && <Tokens tokens={me.gift_point} />}
      </Stack>

      <Button
        component={Link}
        to={routeTo("/porte-monnaie")}
        mt="lg"
        color="darsi.8"
        rightSection={<IconChevronRight size={16} aria-hidden className="darsi-flip" />}
      >
        <Trans>Porte monnaie</Trans>
      </Button>
    </Card>
  );
}

function FreeHours({ freeHours }: { freeHours: NonNullable<Me["freeHours"]> }) {
  const fmt = useFormatNumber();
  const hours = (s: number) => fmt(Math.round(Math.max(0, s) / 360) / 10);
  const used = hours(freeHours.used_seconds);
  const total = hours(freeHours.total_seconds);
  const percent = freeHours.total_seconds > 0 ? Math.min(100, Math.round((freeHours.used_seconds / freeHours.total_seconds) * 100)) : 100;
  return (
    <div data-testid="home-free-hours">
      <Text size="sm" mb={4}>
        <Trans>
          Heures gratuites : {used} h sur {total} h
        </Trans>
      </Text>
      <Progress value={percent} size="md" radius="xl" color={percent >= 90 ? "red.8" : "teal.8"} aria-hidden />
    </div>
  );
}

function Tokens({ tokens }: { tokens: number }) {
  const fmt = useFormatNumber();
  const word = useTokensWord(tokens);
  const count = fmt(tokens);
  return (
    <Group gap={6} wrap="nowrap">
      <IconGift size={18} aria-hidden />
      <Text size="sm">
        <Trans>
          Parrainage : {count} {word}
        </Trans>
      </Text>
    </Group>
  );
}
