import { useState } from "react";
import { Alert, Button, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { describeError } from "@/lib/i18n/errors";
import { useEnableTablet } from "../api/enableTablet";

/** A device that is not a class tablet yet: the teacher's or operator's one-time code turns it into one. */
export function EnableTablet() {
  const { t, i18n } = useLingui();
  const enable = useEnableTablet();
  const [code, setCode] = useState("");
  return (
    <Paper withBorder p="xl" radius="md" maw={480} mx="auto" mt="xl">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (code.trim()) enable.mutate(code.trim());
        }}
      >
        <Stack>
          <Title order={1} size="h2">
            <Trans>Tablette de classe</Trans>
          </Title>
          <Text>
            <Trans>Saisissez le code d'activation donné par l'enseignant ou l'administrateur (valable 15 minutes, une seule fois).</Trans>
          </Text>
          {enable.isError && (
            <Alert color="red" role="alert">
              {describeError(i18n, enable.error)}
            </Alert>
          )}
          <TextInput
            label={t`Code d'activation`}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            dir="ltr"
            maxLength={12}
            required
          />
          <Button type="submit" loading={enable.isPending}>
            <Trans>Activer la tablette</Trans>
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
