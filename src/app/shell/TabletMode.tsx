import { useCallback, useEffect } from "react";
import { useRouterState } from "@tanstack/react-router";
import { TabletPupilBar } from "@/features/tablet/components/TabletPupilBar";
import { useIdleLock } from "@/features/tablet/components/useIdleLock";
import { fetchVaultKey } from "@/features/tablet/api/getVaultKey";
import { startedSync } from "@/lib/offline/send";
import { currentUserId } from "@/lib/offline/user";
import { rememberWhereLeft, useTabletDevice, type TabletDevice } from "@/lib/tablet";
import { useLogout } from "./useLogout";

/** An exam's page: a running exam keeps its pupil (the idle lock waits for its end). */
const EXAM_PAGE = /^\/exams\/\d+/;

/**
 * Class-tablet mode in the signed-in shell (issue 23): the pupil's name and photo in view, "Changer d'élève", and the
 * idle lock back to the grid. Nothing on a device that is not a class tablet.
 */
export function TabletMode() {
  const device = useTabletDevice();
  return device ? <TabletModeOn device={device} /> : null;
}

function TabletModeOn({ device }: { device: TabletDevice }) {
  const { busy, logout } = useLogout();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const href = useRouterState({ select: (s) => s.location.href });
  const examRunning = useCallback(() => EXAM_PAGE.test(pathname), [pathname]);
  useIdleLock(
    device.tablet.idle_minutes,
    () => {
      // Back to the grid; the same pupil signing in again continues here.
      const userId = currentUserId();
      if (userId !== null) rememberWhereLeft(userId, href);
      void logout();
    },
    examRunning,
  );
  const tabletId = device.tablet.id;
  useEffect(() => void reopenVault(tabletId), [tabletId]);
  return <TabletPupilBar onSwitch={() => void logout()} busy={busy} />;
}

/**
 * After a reload the page no longer holds the pupil's vault key (memory only): it is asked again, so that what is still
 * unsent when the session ends is sealed for them (issue 23). Offline, it is asked again at the next start.
 */
async function reopenVault(tabletId: number): Promise<void> {
  const userId = currentUserId();
  if (userId === null) return;
  try {
    const vault = await import("@/lib/offline/vault");
    if (vault.holdsKeyFor(userId)) return;
    const key = await fetchVaultKey();
    if (currentUserId() !== userId) return;
    if ((await vault.openVault(userId, tabletId, key)) > 0) await startedSync();
  } catch (e) {
    console.warn("vault: key not asked again", e);
  }
}
