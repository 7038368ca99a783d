import { useEffect, useRef, useState, type ReactNode } from "react";
import { Alert, Button } from "@mantine/core";
import { IconWifiOff } from "@tabler/icons-react";
import { Trans } from "@lingui/react/macro";
import { ApiRequestError } from "@/lib/api";
import { isOffline, useOfflineStatus } from "@/lib/offline/status";
import classes from "./AvailabilityBadge.module.css";

/** The request never got an answer: no network, or the server cannot be reached. */
export function isNoConnection(err: unknown): boolean {
  return err instanceof ApiRequestError && err.isNetwork;
}

/**
 * What an action that needs the network says at once when there is none (issue 22): a translated "needs a connection"
 * and "Réessayer" — never a network error followed by an unrelated button.
 */
export function NeedsConnection({ onRetry, children, testId = "needs-connection" }: { onRetry: () => void; children?: ReactNode; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // Said where the pupil looks: a button far down a phone's list shows its notice above, brought into view.
  useEffect(() => ref.current?.scrollIntoView?.({ block: "nearest" }), []);
  return (
    <Alert ref={ref} color="gray" variant="light" role="alert" icon={<IconWifiOff size={18} aria-hidden />} data-testid={testId}>
      <div className={classes.notice}>
        <span>{children ?? <Trans>Cette action a besoin d'une connexion à Internet.</Trans>}</span>
        <Button size="xs" variant="default" onClick={onRetry}>
          <Trans>Réessayer</Trans>
        </Button>
      </div>
    </Alert>
  );
}

/**
 * Guards the actions of a screen that need the network: `guard(action)` runs it online; offline it does not start, and
 * `notice` says at once that it needs a connection, with "Réessayer" (which runs it once the connection is back).
 */
export function useNeedsConnection(message?: ReactNode): { guard: (action: () => void) => void; notice: ReactNode } {
  const offline = isOffline(useOfflineStatus());
  const [waiting, setWaiting] = useState<(() => void) | null>(null);
  const guard = (action: () => void) => {
    setWaiting(offline ? () => action : null);
    if (!offline) action();
  };
  const notice = waiting ? <NeedsConnection onRetry={() => guard(waiting)}>{message}</NeedsConnection> : null;
  return { guard, notice };
}
