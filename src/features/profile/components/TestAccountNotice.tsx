import { Alert, Button, Stack, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";

/** What a test account sees instead of the profile form: it cannot be changed. */
export function TestAccountNotice({ title }: { title: string }) {
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        {title}
      </Title>
      <Alert color="yellow" variant="light" data-testid="test-account-notice">
        <Trans>Ce compte de test ne peut pas être modifié.</Trans>
      </Alert>
      <Button component={Link} to="/mon-profil" variant="default" w="fit-content">
        <Trans>Retour au profil</Trans>
      </Button>
    </Stack>
  );
}
