import type { MergeMessage } from "./mergeImages.worker";

const newWorker = () => new Worker(new URL("./mergeImages.worker.ts", import.meta.url), { type: "module" });

/**
 * Loads the worker once, online, and lets it go: the service worker keeps its code (a runtime cache, not the precache:
 * 176 kB that most pupils never use), so that photos picked later with no network still merge. Resolves when it has
 * loaded; rejects when it could not.
 */
export function warmMergeWorker(): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = newWorker();
    worker.onmessage = (e: MessageEvent<MergeMessage>) => {
      worker.terminate();
      if (e.data.type === "ready") resolve();
      else reject(new Error(e.data.type));
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message));
    };
    worker.postMessage({ warm: true });
  });
}

/** Merges images into one PDF in a worker (pdf-lib stays in the worker's chunk); `onProgress(done, total)` per page. */
export function mergeImages(images: Blob[], onProgress: (done: number, total: number) => void): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const worker = newWorker();
    worker.onmessage = (e: MessageEvent<MergeMessage>) => {
      const m = e.data;
      if (m.type === "ready") return;
      if (m.type === "progress") onProgress(m.done, m.total);
      else {
        worker.terminate();
        if (m.type === "done") resolve(m.pdf);
        else reject(new Error(m.message));
      }
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message));
    };
    worker.postMessage({ images });
  });
}
