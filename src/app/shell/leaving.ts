import { useSyncExternalStore } from "react";

/**
 * Set while the pupil signs out: the shell stops rendering what reads the signed-in user, so that wiping
 * the session and the query cache does not make mounted screens fetch `/auth/me` again without a token.
 */
let leaving = false;
const listeners = new Set<() => void>();

export function setLeaving(value: boolean): void {
  leaving = value;
  for (const l of listeners) l();
}

export function useLeaving(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => leaving,
    () => false,
  );
}
