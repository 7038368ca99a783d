const KEY = "darsi-chunk-reload";

/** A code chunk that fails to load (a new version was deployed) reloads the page, once. */
export function reloadOnceForChunkError(): boolean {
  if (sessionStorage.getItem(KEY)) return false;
  sessionStorage.setItem(KEY, String(Date.now()));
  window.location.reload();
  return true;
}

export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError/i.test(text);
}

export function installChunkReload(): void {
  window.addEventListener("vite:preloadError", (event) => {
    if (reloadOnceForChunkError()) event.preventDefault();
  });
  // A successful start clears the marker so that a later deploy can reload again.
  window.addEventListener("load", () => setTimeout(() => sessionStorage.removeItem(KEY), 10_000));
}
