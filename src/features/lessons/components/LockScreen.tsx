import "@mantine/core/styles/Card.css";
import "@mantine/core/styles/ThemeIcon.css";
import { Anchor, Card, Stack, Text, ThemeIcon } from "@mantine/core";
import { Link, useRouterState } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { IconLock } from "@tabler/icons-react";

/**
 * What a locked lesson shows instead of its media (SPEC §2): a lock and the way to the offers, which brings the pupil
 * back to this lesson once bought (`/offres?redirect=<this path>`): it plays then, without a reload.
 */
export function LockScreen() {
  const here = useRouterState({ select: (s) => s.location.pathname });
  return (
    <Card withBorder radius="md" padding="xl" data-testid="lock-screen">
      <Stack align="center" gap="sm" py="lg" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="gray" aria-hidden>
          <IconLock size={34} />
        </ThemeIcon>
        <Text fw={700} fz="lg">
          <Trans>Cette leçon est verrouillée</Trans>
        </Text>
        <Text size="sm" c="dimmed">
          <Trans>Elle fait partie d'une offre que vous n'avez pas encore.</Trans>
        </Text>
        <Anchor
          // `renderRoot`, not `component`: the router then types the link's search.
          renderRoot={(props) => <Link {...props} to="/offres" search={{ redirect: here }} />}
          fw={700}
          data-testid="lock-screen-offers"
        >
          <Trans>Déverrouillez l accès complet</Trans>
        </Anchor>
      </Stack>
    </Card>
  );
}
