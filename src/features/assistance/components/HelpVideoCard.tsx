import "@mantine/core/styles/Card.css";
import { Card, Stack, Text, Title } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import type { HelpVideoDto } from "@domain/account";
import { useLocalized } from "@/lib/localized";
import classes from "./assistance.module.css";

/** One help video: the player (local clip, loaded only when played), its title, length and description. */
export function HelpVideoCard({ video }: { video: HelpVideoDto }) {
  const { t } = useLingui();
  const l = useLocalized();
  const title = l(video, "title");
  const minutes = Math.floor(video.duration / 60);
  const seconds = String(video.duration % 60).padStart(2, "0");
  return (
    <Card withBorder radius="md" padding="sm" component="article" aria-label={title} data-testid="help-video">
      <Stack gap="xs">
        <video className={classes.video} src={video.url} poster={video.poster ?? undefined} controls preload="none" playsInline aria-label={title}>
          <track kind="captions" />
        </video>
        <Title order={3} fz="md">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {t`Durée : ${minutes}:${seconds}`}
        </Text>
        {l(video, "description") && <Text size="sm">{l(video, "description")}</Text>}
      </Stack>
    </Card>
  );
}
