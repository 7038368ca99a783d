import { Progress, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import type { Me } from "@domain/user";
import { useFormatNumber } from "@/lib/i18n/labels";
import { secondsToHours } from "./labels";

/** Free viewing hours used out of the total (SPEC §2 "a free-hours bar when the user has free hours"). */
export function freeHoursPercent(freeHours: NonNullable<Me["freeHours"]>): number {
  if (freeHours.total_seconds <= 0) return 100;
  return Math.min(100, Math.round((freeHours.used_seconds / freeHours.total_seconds) * 100));
}

export function FreeHoursText({ freeHours }: { freeHours: NonNullable<Me["freeHours"]> }) {
  const fmt = useFormatNumber();
  const used = fmt(secondsToHours(freeHours.used_seconds));
  const total = fmt(secondsToHours(freeHours.total_seconds));
  return (
    <Trans>
      Heures gratuites : {used} h sur {total} h
    </Trans>
  );
}

/** The bar with its text, for panels (phone drawer, home). */
export function FreeHoursBar({ freeHours }: { freeHours: NonNullable<Me["freeHours"]> }) {
  const percent = freeHoursPercent(freeHours);
  return (
    <div data-testid="free-hours">
      <Text size="xs" c="dimmed" mb={4}>
        <FreeHoursText freeHours={freeHours} />
      </Text>
      <Progress value={percent} size="sm" color={percent >= 90 ? "red.8" : "teal.8"} aria-hidden />
    </div>
  );
}
