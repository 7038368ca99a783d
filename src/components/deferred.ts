import { useCallback, useState, type ComponentType } from "react";

/**
 * A component whose code is fetched on first use (an interaction), not with the page: the menus, the search
 * suggestions and the dialogs of the shell pull in Mantine's Popover, floating-ui and Modal, which a pupil
 * may never open. Declare one at module level so every instance shares the load.
 */
export interface Deferred<P extends object> {
  /** Starts the load (once; again after a failure) and resolves with the component. */
  load(): Promise<ComponentType<P>>;
  /** The component once loaded, else null. */
  current(): ComponentType<P> | null;
  /** Tests: forget the loaded component, so that the next render starts from the placeholder again. */
  reset(): void;
}

export function deferred<P extends object>(importer: () => Promise<ComponentType<P>>): Deferred<P> {
  let component: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  return {
    load() {
      pending ??= importer().then(
        (loaded) => (component = loaded),
        (error: unknown) => {
          // Offline or a new version deployed: the next interaction tries again (src/app/chunkReload.ts
          // reloads the page once on a failed chunk).
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    current: () => component,
    reset() {
      component = null;
      pending = null;
    },
  };
}

/** Starts fetching the code without rendering anything (the pointer is on its way to the control). */
export function prefetch<P extends object>(d: Deferred<P>): void {
  d.load().catch(() => {});
}

/**
 * The component of `d` once loaded (this component re-renders then), and `load`, which starts the load.
 * `beforeSwap` runs when the code has arrived, just before the swap is rendered: the moment to note what the
 * placeholder had (focus, typed text) so the real component can take it over.
 */
export function useDeferred<P extends object>(
  d: Deferred<P>,
): [ComponentType<P> | null, (beforeSwap?: () => void) => void] {
  const [component, setComponent] = useState<ComponentType<P> | null>(d.current);
  const load = useCallback(
    (beforeSwap?: () => void) => {
      d.load().then(
        (loaded) => {
          beforeSwap?.();
          setComponent(() => loaded);
        },
        () => {},
      );
    },
    [d],
  );
  return [component, load];
}
