import { probeServer } from "@/lib/offline/status";

const KEY = "darsi-chunk-reload";
const MAX_WAIT_MS = 30_000;
let waiting = false;

/**
 * A code chunk that failed to load reloads the page, once: when the server answers, the chunk is gone because a new
 * version was deployed. When it does not (the connection dropped before the service worker had the code), a reload now
 * would land on the browser's error page: the page stays as it is and reloads once the server answers again.
 */
export function reloadOnceForChunkError(chunkUrl?: string): void {
  if (waiting || sessionStorage.getItem(KEY)) return;
  waiting = true;
  const attempt = async (delay: number) => {
    if (await probeServer()) {
      // A chunk that the server still has failed with the network, not with a deployment: what imported it handles
      // the failure (the outbox keeps the work, push waits), and a reload would only throw away the page.
      if (chunkUrl && (await stillServed(chunkUrl))) {
        waiting = false;
        return;
      }
      sessionStorage.setItem(KEY, String(Date.now()));
      window.location.reload();
      return;
    }
    setTimeout(() => void attempt(Math.min(delay * 2, MAX_WAIT_MS)), delay);
  };
  void attempt(2_000);
}

export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError/i.test(text);
}

export function installChunkReload(): void {
  window.addEventListener("vite:preloadError", (e) => reloadOnceForChunkError(chunkUrlOf((e as Event & { payload?: unknown }).payload)));
  // A successful start clears the marker so that a later deploy can reload again.
  window.addEventListener("load", () => setTimeout(() => sessionStorage.removeItem(KEY), 10_000));
}

/** The address of the chunk a failed dynamic import names ("Failed to fetch dynamically imported module: <url>"). */
function chunkUrlOf(error: unknown): string | undefined {
  const text = error instanceof Error ? error.message : String(error);
  return /https?:\/\/\S+?\.(?:js|css)\b/.exec(text)?.[0];
}

const stillServed = (url: string): Promise<boolean> =>
  fetch(url, { method: "HEAD", cache: "no-store" }).then(
    (res) => res.ok,
    () => false,
  );
