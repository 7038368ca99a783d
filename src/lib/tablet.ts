import { useSyncExternalStore } from "react";
import type { TabletDto } from "@domain/tablet";

/**
 * Shared-tablet class mode (issue 23) on this device: the class tablet's device credential and description (never a
 * pupil's password), and the idle lock's holds. React-free but for the hook; the tablet feature and the shell read it.
 * The device credential is the tablet's, not a pupil's: it survives the pupils' sign-outs and leaves with
 * `/tablet/disable` (a code again) or a revocation (401 `tablet_required`).
 */
const KEY = "darsi_tablet";

export interface TabletDevice {
  credential: string;
  tablet: TabletDto;
}

const listeners = new Set<() => void>();
let cached: TabletDevice | null | undefined;

function read(): TabletDevice | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as TabletDevice;
    return typeof parsed?.credential === "string" && typeof parsed.tablet?.id === "number" ? parsed : null;
  } catch {
    return null;
  }
}

export function getTabletDevice(): TabletDevice | null {
  if (cached === undefined) cached = read();
  return cached;
}

function emit() {
  cached = read();
  for (const l of listeners) l();
}

export function setTabletDevice(device: TabletDevice | null): void {
  if (device) localStorage.setItem(KEY, JSON.stringify(device));
  else localStorage.removeItem(KEY);
  emit();
}

export function useTabletDevice(): TabletDevice | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getTabletDevice,
    () => null,
  );
}

/** The headers of a call made as the class tablet (its device credential). */
export function tabletHeaders(): Record<string, string> {
  const d = getTabletDevice();
  return d ? { "X-Tablet-Key": d.credential } : {};
}

let holds = 0;
/**
 * A running exam or quiz keeps its pupil: while held, the idle lock never returns the tablet to the grid. Returns the
 * release (for a `useEffect` cleanup).
 */
export function holdIdleLock(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
  };
}
export const idleLockHeld = () => holds > 0;


/**
 * Where a pupil was when the idle lock sent the tablet back to the grid, in this page's memory only (never in storage):
 * when the same pupil signs in again before anyone else, they continue there. Another pupil's sign-in forgets it.
 */
let leftAt: { userId: number; path: string } | null = null;
export function rememberWhereLeft(userId: number, path: string): void {
  leftAt = { userId, path };
}
/** The path `userId` left at the idle lock (once), or null; forgotten either way. */
export function takeWhereLeft(userId: number): string | null {
  const was = leftAt;
  leftAt = null;
  return was && was.userId === userId ? was.path : null;
}
