import "@mantine/core/styles/Grid.css";
import "@mantine/core/styles/Card.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/ThemeIcon.css";
import "@mantine/core/styles/Avatar.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Progress.css";
import { Grid, Stack, Text, Title } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { meQueryOptions } from "@/lib/me";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { PointsCard } from "../components/PointsCard";
import { ProfileOffersCard } from "../components/ProfileOffersCard";
import { Shortcuts } from "../components/Shortcuts";

/**
 * The home page (/). For now: a greeting, the profile and offers, the points balance and shortcuts.
 * The learning widgets (live sessions, latest courses, progress, free and new contents) come with the
 * learning issue.
 */
export function HomeScreen() {
  const { t } = useLingui();
  useDocumentTitle(t`Accueil`);
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const firstName = me.name;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: "h2", sm: "h1" }}>
          <Trans>Bonjour {firstName}</Trans>
        </Title>
        <Text c="dimmed" mt={4}>
          <Trans>Content de vous revoir sur Darsi.</Trans>
        </Text>
      </div>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ProfileOffersCard me={me} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <PointsCard me={me} />
        </Grid.Col>
      </Grid>
      <Shortcuts me={me} />
    </Stack>
  );
}
