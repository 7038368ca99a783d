import { Trans, useLingui } from "@lingui/react/macro";
import { IconDeviceMobileCheck } from "@tabler/icons-react";
import { formatTunisDate } from "@/lib/format";
import { isOffline, useOfflineStatus } from "@/lib/offline/status";
import classes from "./AvailabilityBadge.module.css";

/** The moment the oldest of these answers came from the server (0s — never fetched — are left out), or null. */
export function oldestUpdate(updatedAt: number | ReadonlyArray<number | undefined>): number | null {
  const times = (typeof updatedAt === "number" ? [updatedAt] : updatedAt).filter((t): t is number => typeof t === "number" && t > 0);
  return times.length === 0 ? null : Math.min(...times);
}

/**
 * The one availability badge (issue 22): offline, a screen rendered from the device says so, with the time its data was
 * last updated (the query's `dataUpdatedAt`, Tunis time, in the reader's language). Nothing while online.
 * With several queries, the oldest of their times is the one shown.
 */
export function AvailabilityBadge({ updatedAt, testId = "availability-badge" }: { updatedAt: number | ReadonlyArray<number | undefined>; testId?: string }) {
  const { i18n } = useLingui();
  const offline = isOffline(useOfflineStatus());
  if (!offline) return null;
  const at = oldestUpdate(updatedAt);
  const when = at === null ? null : formatTunisDate(new Date(at), i18n.locale, "short");
  return (
    <span className={classes.badge} data-testid={testId} role="note">
      <IconDeviceMobileCheck size={16} aria-hidden />
      <span>{when === null ? <Trans>Sur cet appareil</Trans> : <Trans>Sur cet appareil · mis à jour le {when}</Trans>}</span>
    </span>
  );
}
