import { useEffect, useMemo } from "react";
import { Button, Center, Code, Group, Stack, Text, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import type { ErrorComponentProps } from "@tanstack/react-router";
import { isChunkLoadError, reloadOnceForChunkError } from "../chunkReload";

/** A code the pupil can read to support: derived from the time of the failure. */
function errorCodeAt(date: Date): string {
  return `E-${date.getTime().toString(36).toUpperCase()}`;
}

/** 'Oops! Something went wrong' with reload and go-home buttons and a time-derived error code. */
export function ErrorPage({ error }: Partial<ErrorComponentProps>) {
  const code = useMemo(() => errorCodeAt(new Date()), []);
  useEffect(() => {
    if (isChunkLoadError(error)) reloadOnceForChunkError();
    console.error(code, error);
  }, [error, code]);
  return (
    <Center mih="70dvh" p="md" data-page-error="">
      <Stack align="center" gap="sm" maw={460} ta="center" role="alert">
        <Title order={1} fz="h2">
          {/* SPEC §2's 'Oops! Something went wrong', in the pupil's language like every other text. */}
          <Trans>Oups ! Un problème est survenu</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>Rechargez la page ou revenez à l'accueil. Si le problème persiste, communiquez ce code à l'assistance :</Trans>
        </Text>
        <Code fz="md" data-testid="error-code">
          {code}
        </Code>
        <Group mt="sm">
          <Button onClick={() => window.location.reload()}>
            <Trans>Recharger</Trans>
          </Button>
          <Button variant="default" component="a" href="/">
            <Trans>Aller à l'accueil</Trans>
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
