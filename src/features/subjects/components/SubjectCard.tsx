import "@mantine/core/styles/Card.css";
import { useId } from "react";
import { Card, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { refName } from "@/lib/reference";
import type { SubjectDto } from "@domain/learning";
import { ProgressLine } from "./ProgressLine";
import classes from "./subjects.module.css";

/** One subject of the list: colour band, thumbnail, name, progress and number of videos; opens the subject page. */
export function SubjectCard({ subject }: { subject: SubjectDto }) {
  const { t, i18n } = useLingui();
  const name = refName(subject, i18n.locale);
  const videos = subject.subjectVideos;
  const id = useId();
  return (
    <Card
      renderRoot={(props) => <Link {...props} to="/subjects/$subject/details" params={{ subject: subject.slug }} />}
      withBorder
      radius="lg"
      padding={0}
      className={classes.subjectCard}
      data-testid="subject-card"
      // The link reads "name, percentage, videos" (not the progress bar's own label).
      aria-labelledby={`${id}-name ${id}-percent ${id}-videos`}
    >
      <div className={classes.band} style={{ background: subject.color }} aria-hidden />
      <Stack gap="sm" p="md" justify="space-between" style={{ flex: 1 }}>
        <Group gap="sm" wrap="nowrap" align="center">
          {subject.thumbnail ? (
            <img src={subject.thumbnail} alt="" width={56} height={56} loading="lazy" decoding="async" className={classes.thumb} />
          ) : (
            <div className={classes.thumb} style={{ width: 56, height: 56, background: subject.color }} aria-hidden />
          )}
          <Title order={2} fz="md" lineClamp={2} id={`${id}-name`}>
            {name}
          </Title>
        </Group>
        <Stack gap={4}>
          <ProgressLine value={subject.progress} label={t`Progression en ${name}`} percentId={`${id}-percent`} />
          <Text size="sm" c="dimmed" id={`${id}-videos`}>
            {t({ message: plural(videos, { one: "# vidéo", other: "# vidéos" }) })}
          </Text>
        </Stack>
      </Stack>
    </Card>
  );
}
