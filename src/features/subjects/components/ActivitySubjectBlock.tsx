import "@mantine/core/styles/Card.css";
import { Card, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Trans } from "@lingui/react/macro";
import { ActivityPanel } from "@/components/charts/ActivityPanel";
import { subjectActivityQueryOptions } from "../api/getSubjectActivity";

/** The pupil's activity in one subject, under its chapters: loaded on demand when it nears the screen (`OnDemand`). */
export function ActivitySubjectBlock({ slug }: { slug: string }) {
  const { data, isPending, isError, refetch } = useQuery(subjectActivityQueryOptions(slug));
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="subject-activity-title" data-testid="subject-activity">
      <Title order={2} fz="lg" id="subject-activity-title" mb="sm">
        <Trans>Mon activité dans cette matière</Trans>
      </Title>
      <ActivityPanel data={data} isPending={isPending} isError={isError} onRetry={() => void refetch()} testId="subject-activity-charts" />
    </Card>
  );
}
