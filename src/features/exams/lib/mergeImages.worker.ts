/// <reference lib="webworker" />
/**
 * Merges photographed pages into one PDF off the main thread (issue 10): each image is decoded, scaled to at most
 * 2,000 px on its longest side, re-encoded as JPEG at 0.9 (OffscreenCanvas) and placed on a page of its own size.
 * pdf-lib is loaded here only, so it never weighs on any other screen. Progress is posted after each page.
 */
import { PDFDocument } from "pdf-lib";
import { IMAGE_JPEG_QUALITY, scaledSize } from "@domain/exams";

/** `warm`: only load (the page makes sure this code is on the device, kept by the service worker, before going offline). */
export type MergeRequest = { images: Blob[] } | { warm: true };
export type MergeMessage =
  | { type: "progress"; done: number; total: number }
  | { type: "done"; pdf: Blob }
  | { type: "error"; message: string }
  | { type: "ready" };

const ctx = self as unknown as DedicatedWorkerGlobalScope;

ctx.onmessage = async (event: MessageEvent<MergeRequest>) => {
  if ("warm" in event.data) {
    ctx.postMessage({ type: "ready" } satisfies MergeMessage);
    return;
  }
  try {
    const { images } = event.data;
    const pdf = await PDFDocument.create();
    for (let i = 0; i < images.length; i += 1) {
      const bitmap = await createImageBitmap(images[i]!);
      const { width, height } = scaledSize(bitmap.width, bitmap.height);
      const canvas = new OffscreenCanvas(width, height);
      const g = canvas.getContext("2d")!;
      g.fillStyle = "#fff";
      g.fillRect(0, 0, width, height);
      g.drawImage(bitmap, 0, 0, width, height);
      bitmap.close();
      const jpeg = await canvas.convertToBlob({ type: "image/jpeg", quality: IMAGE_JPEG_QUALITY });
      const embedded = await pdf.embedJpg(new Uint8Array(await jpeg.arrayBuffer()));
      // Pages in points: an A4 width (842 pt wide when landscape), keeping the image's ratio and full resolution.
      const k = (width > height ? 842 : 595) / width;
      const page = pdf.addPage([width * k, height * k]);
      page.drawImage(embedded, { x: 0, y: 0, width: width * k, height: height * k });
      ctx.postMessage({ type: "progress", done: i + 1, total: images.length } satisfies MergeMessage);
    }
    const bytes = await pdf.save();
    ctx.postMessage({ type: "done", pdf: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/pdf" }) } satisfies MergeMessage);
  } catch (err) {
    ctx.postMessage({ type: "error", message: err instanceof Error ? err.message : String(err) } satisfies MergeMessage);
  }
};
