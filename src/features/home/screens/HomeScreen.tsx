import "@mantine/core/styles/Grid.css";
import "@mantine/core/styles/Card.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/ThemeIcon.css";
import "@mantine/core/styles/Avatar.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Progress.css";
import "@mantine/core/styles/Skeleton.css";
import { Grid, Stack, Text, Title } from "@mantine/core";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { meQueryOptions } from "@/lib/me";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { PointsCard } from "../components/PointsCard";
import { ProfileOffersCard } from "../components/ProfileOffersCard";
import { Shortcuts } from "../components/Shortcuts";
import { Alerts } from "../components/Alerts";
import { ContentCards } from "../components/ContentCards";
import { freeContentsQueryOptions } from "../api/getFreeContents";
import { newContentsQueryOptions } from "../api/getNewContents";

/**
 * The home page (/): a greeting, the class's warnings, the profile and offers, the points balance, the first
 * free and new contents, and shortcuts. Live sessions, latest recordings and subject progress widgets come next.
 */
export function HomeScreen() {
  const { t } = useLingui();
  useDocumentTitle(t`Accueil`);
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const firstName = me.name;
  const free = useQuery(freeContentsQueryOptions);
  const fresh = useQuery(newContentsQueryOptions);
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
      <Alerts />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ProfileOffersCard me={me} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <PointsCard me={me} />
        </Grid.Col>
      </Grid>
      <ContentCards title={t`Contenus gratuits`} data={free.data} isPending={free.isPending} testId="home-free" />
      <ContentCards title={t`Nouveaux contenus`} data={fresh.data} isPending={fresh.isPending} testId="home-new" />
      <Shortcuts me={me} />
    </Stack>
  );
}
