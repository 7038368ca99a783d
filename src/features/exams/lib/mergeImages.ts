import type { MergeMessage } from "./mergeImages.worker";

/** Merges images into one PDF in a worker (pdf-lib stays in the worker's chunk); `onProgress(done, total)` per page. */
export function mergeImages(images: Blob[], onProgress: (done: number, total: number) => void): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./mergeImages.worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (e: MessageEvent<MergeMessage>) => {
      const m = e.data;
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
