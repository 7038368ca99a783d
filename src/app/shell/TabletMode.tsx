import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useRouterState } from "@tanstack/react-router";
import { TabletPupilBar } from "@/features/tablet/components/TabletPupilBar";
import { useIdleLock } from "@/features/tablet/components/useIdleLock";
import { fetchVaultKey } from "@/features/tablet/api/getVaultKey";
import { startedSync } from "@/lib/offline/send";
import { currentUserId } from "@/lib/offline/user";
import { holdWindowOpen, isExternalHref, isMoneyPage } from "@/lib/kiosk";
import { rememberWhereLeft, useTabletDevice, type TabletDevice } from "@/lib/tablet";
import { useLogout } from "./useLogout";

const TeacherCodeDialog = lazy(() => import("@/features/tablet/components/TeacherCodeDialog").then((m) => ({ default: m.TeacherCodeDialog })));

/**
 * Class-tablet mode in the signed-in shell (issue 23): the pupil's name and photo in view, "Changer d'élève", the
 * idle lock back to the grid, and the kiosk (item 5): pages of money go back home, and a link that leaves the app
 * waits for a teacher's code. Nothing on a device that is not a class tablet.
 */
export function TabletMode() {
  const device = useTabletDevice();
  return device ? <TabletModeOn device={device} /> : null;
}

function TabletModeOn({ device }: { device: TabletDevice }) {
  const { busy, logout } = useLogout();
  const href = useRouterState({ select: (s) => s.location.href });
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // A running exam (started, deadline not reached) keeps its pupil until it ends, on whatever page they are. The check
  // is loaded with the tablet's mode only (not in every signed-in first load); the lock's first look is minutes away.
  const queryClient = useQueryClient();
  const running = useRef<((q: typeof queryClient) => boolean) | null>(null);
  useEffect(() => {
    void import("@/features/exams/lib/running").then((m) => (running.current = m.examRunning)).catch(() => undefined);
  }, []);
  const inExam = useCallback(() => running.current?.(queryClient) ?? false, [queryClient]);
  useIdleLock(
    device.tablet.idle_minutes,
    () => {
      // Back to the grid; the same pupil signing in again continues here.
      const userId = currentUserId();
      if (userId !== null) rememberWhereLeft(userId, href);
      void logout();
    },
    inExam,
  );
  const tabletId = device.tablet.id;
  useEffect(() => void reopenVault(tabletId), [tabletId]);
  const navigate = useNavigate();
  useEffect(() => {
    if (isMoneyPage(pathname)) void navigate({ to: "/", replace: true });
  }, [pathname, navigate]);
  const external = useExternalLinkGuard();
  return (
    <>
      <TabletPupilBar onSwitch={() => void logout()} busy={busy} />
      {external.href && (
        <Suspense fallback={null}>
          <TeacherCodeDialog href={external.href} onClose={external.close} />
        </Suspense>
      )}
    </>
  );
}

/**
 * Every link that leaves the app (forum, terms of use, assistance's pages, "Ouvrir sur YouTube"…) is held, whichever
 * screen draws it: a click on it opens the teacher's code dialog instead (the one link a code unlocked goes through).
 * So is a page another origin a script would open (`window.open`: a live session's room at its provider).
 */
function useExternalLinkGuard(): { href: string | null; close: () => void } {
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const a = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>("a[href]") : null;
      if (!a || a.hasAttribute("data-kiosk-unlocked") || !isExternalHref(a.href, window.location.origin)) return;
      // Not opened; the click goes on (a menu item still closes its menu).
      e.preventDefault();
      setHref(a.href);
    };
    document.addEventListener("click", onClick, true);
    const release = holdWindowOpen(setHref);
    return () => {
      document.removeEventListener("click", onClick, true);
      release();
    };
  }, []);
  return { href, close: useCallback(() => setHref(null), []) };
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
