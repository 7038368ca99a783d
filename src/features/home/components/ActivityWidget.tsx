import { ThemeIcon } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Trans } from "@lingui/react/macro";
import { IconChartHistogram } from "@tabler/icons-react";
import { ActivityPanel } from "@/components/charts/ActivityPanel";
import { activityQueryOptions } from "../api/getActivity";
import { Widget } from "./Widget";

/** "Mon activité": the pupil's activity charts, loaded on demand when the block nears the screen (`OnDemand`). */
export function ActivityWidget() {
  const { data, isPending, isError, refetch } = useQuery(activityQueryOptions);
  return (
    <Widget
      id="home-activity-title"
      testId="home-activity"
      icon={
        <ThemeIcon size={36} radius="xl" color="indigo" variant="light" aria-hidden>
          <IconChartHistogram size={20} />
        </ThemeIcon>
      }
      title={<Trans>Mon activité</Trans>}
    >
      <ActivityPanel data={data} isPending={isPending} isError={isError} onRetry={() => void refetch()} testId="home-activity-charts" />
    </Widget>
  );
}
