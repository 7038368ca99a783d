import { useEffect, useState } from "react";
import { Plural, Trans } from "@lingui/react/macro";
import { IconCloudCheck, IconCloudUpload, IconWifiOff } from "@tabler/icons-react";
import { isOffline, useOfflineStatus } from "@/lib/offline/status";
import classes from "./OfflineStatus.module.css";

/** How long "Synchronisé" stays after the outbox empties. */
const SYNCED_FOR_MS = 4_000;

function useRecentlySynced(syncedAt: number | null): boolean {
  // The syncedAt whose moment has passed: "Synchronisé" shows from syncedAt until its timer fires.
  const [past, setPast] = useState<number | null>(null);
  useEffect(() => {
    if (syncedAt === null) return;
    const id = setTimeout(() => setPast(syncedAt), Math.max(0, syncedAt + SYNCED_FOR_MS - Date.now()));
    return () => clearTimeout(id);
  }, [syncedAt]);
  return syncedAt !== null && past !== syncedAt;
}

/**
 * The connection and the pupil's unsent work, in the top bar: "Hors ligne", how many items are saved on this device
 * and waiting, then "Synchronisé" for a moment once they reached the server. Nothing when all is well.
 */
export function OfflineStatus() {
  const status = useOfflineStatus();
  const synced = useRecentlySynced(status.syncedAt);
  const offline = isOffline(status);
  const pending = status.pending;
  let content = null;
  if (offline) {
    content = (
      <span className={`${classes.pill} ${classes.compact}`} data-tone="offline" data-testid="offline-status">
        <IconWifiOff size={16} aria-hidden />
        <span className={classes.label}>
          <Trans>Hors ligne</Trans>
          {pending > 0 && (
            <span className={classes.detail}>
              {" · "}
              <Plural value={pending} one="# enregistrement sur cet appareil" other="# enregistrements sur cet appareil" />
            </span>
          )}
        </span>
      </span>
    );
  } else if (pending > 0) {
    content = (
      <span className={`${classes.pill} ${classes.compact}`} data-tone="pending" data-testid="offline-status">
        <IconCloudUpload size={16} aria-hidden />
        <span className={classes.count} aria-hidden>
          {pending}
        </span>
        <span className={classes.label}>
          <Plural value={pending} one="# enregistrement à synchroniser" other="# enregistrements à synchroniser" />
        </span>
      </span>
    );
  } else if (synced) {
    content = (
      <span className={`${classes.pill} ${classes.compact}`} data-tone="synced" data-testid="offline-status">
        <IconCloudCheck size={16} aria-hidden />
        <span className={classes.label}>
          <Trans>Synchronisé</Trans>
        </span>
      </span>
    );
  }
  return (
    <div role="status" aria-live="polite" className={classes.root}>
      {content}
    </div>
  );
}

/** Next to a lesson: whether its progress and bookmark are only on this device for now, or synced. */
export function LessonSyncStatus({ lessonId }: { lessonId: number }) {
  const status = useOfflineStatus();
  const waiting = status.pendingScopes.has(`lesson:${lessonId}`);
  return (
    <div role="status" aria-live="polite" className={classes.root}>
      {waiting && (
        <span className={classes.pill} data-tone="pending" data-testid="lesson-sync-status">
          <IconCloudUpload size={16} aria-hidden />
          <span>
            <Trans>Enregistré sur cet appareil — sera synchronisé dès le retour de la connexion</Trans>
          </span>
        </span>
      )}
    </div>
  );
}
