import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";

/** Any unknown path (SPEC §2): 'Oups 404 Error'. */
export function NotFoundPage() {
  return (
    <Center mih="70dvh" p="md" data-page-error="">
      <Stack align="center" gap="sm" maw={420} ta="center" data-testid="not-found">
        <Text fz={72} fw={900} c="darsi.6" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} fz="h2">
          <Trans>Oups 404 Error</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>La page que vous recherchez semble introuvable</Trans>
        </Text>
        <Button component={Link} to="/" mt="sm">
          <Trans>Retour à l'accueil</Trans>
        </Button>
      </Stack>
    </Center>
  );
}
