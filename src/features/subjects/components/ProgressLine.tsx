import "@mantine/core/styles/Progress.css";
import { Group, Progress } from "@mantine/core";
import { capPercentage } from "@domain/learning";
import { Trans } from "@lingui/react/macro";
import { useFormatNumber } from "@/lib/i18n/labels";
import classes from "./subjects.module.css";

/**
 * A progress bar (capped at 100) with its percentage; `label` names the bar for screen readers. The visible
 * percentage is hidden from them (the bar says it) but can name a link through `percentId`.
 */
export function ProgressLine({ value, label, testId, percentId }: { value: number; label: string; testId?: string; percentId?: string }) {
  const fmt = useFormatNumber();
  const percent = Math.round(capPercentage(value));
  const shown = fmt(percent);
  return (
    <Group gap={8} wrap="nowrap" data-testid={testId}>
      <Progress value={percent} size="md" radius="xl" color="darsi.7" aria-label={label} style={{ flex: 1 }} />
      <span className={classes.percent} aria-hidden id={percentId}>
        <Trans>{shown} %</Trans>
      </span>
    </Group>
  );
}
