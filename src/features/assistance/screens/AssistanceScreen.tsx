import "@mantine/core/styles/Skeleton.css";
import { Skeleton, Stack, Text, Title } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { groupByTopic } from "@domain/account";
import { useLocalized } from "@/lib/localized";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { helpVideosQueryOptions } from "../api/getHelpVideos";
import { HelpVideoCard } from "../components/HelpVideoCard";
import classes from "../components/assistance.module.css";

/** /assistance (SPEC §2): the help videos, grouped by topic. */
export function AssistanceScreen() {
  const { t } = useLingui();
  useDocumentTitle(t`Assistance`);
  const l = useLocalized();
  const { data } = useSuspenseQuery(helpVideosQueryOptions);
  const groups = groupByTopic(data.map((video) => ({ ...video, topic: l(video, "topic") })));
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        <Trans>Assistance</Trans>
      </Title>
      {groups.length === 0 ? (
        <Text c="dimmed" data-testid="assistance-empty">
          <Trans>Pas de vidéos</Trans>
        </Text>
      ) : (
        groups.map((group, i) => (
          <Stack gap="sm" component="section" key={group.topic} aria-labelledby={`topic-${i}`} data-testid="help-topic">
            <Title order={2} fz="h3" id={`topic-${i}`}>
              {group.topic}
            </Title>
            <ul className={classes.grid}>
              {group.videos.map((video) => (
                <li key={video.id}>
                  <HelpVideoCard video={video} />
                </li>
              ))}
            </ul>
          </Stack>
        ))
      )}
    </Stack>
  );
}

export function AssistanceScreenPending() {
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        <Trans>Assistance</Trans>
      </Title>
      <Skeleton height={240} radius="md" />
    </Stack>
  );
}
