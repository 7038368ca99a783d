import { useEffect, useMemo, useRef, useState } from "react";
import { HOMEWORK_MAX_BYTES, MERGED_PDF_NAME, uploadExtension } from "@domain/exams";
import { networkError } from "@/lib/api/envelope";
import { startedSync } from "@/lib/offline/send";
import { useLite } from "@/lib/lite";
import { mergeImages, warmMergeWorker } from "../lib/mergeImages";

/** A file the pupil picked: an image (merged into the PDF, shown as a thumbnail) or a file sent as it is. */
export interface Picked {
  key: string;
  file: File;
  image: boolean;
  thumb: string | null;
}

export type Phase = { kind: "idle" } | { kind: "merging"; done: number; total: number } | { kind: "keeping" } | { kind: "error"; error: unknown };

const isImage = (f: File) => /^image\/(jpeg|png|gif|webp|heic|heif)$/i.test(f.type) || /\.(jpe?g|png|gif|webp)$/i.test(f.name);

/**
 * The homework's picked files and its sending: the images merged on the device into one `merged-images.pdf`, then every
 * file kept on the device under the pupil (the outbox's store) and sent from there through the resumable upload — now
 * when the network allows, otherwise when it comes back, at the next start or sign-in (`QueuedHomework` shows them
 * until the server has them). `refused` names the files of a type not allowed or too large.
 */
export function useHomeworkUpload(examId: number) {
  const [picked, setPicked] = useState<Picked[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [refused, setRefused] = useState<string[]>([]);
  useEffect(() => () => picked.forEach((p) => p.thumb && URL.revokeObjectURL(p.thumb)), [picked]);
  // The merging code is made sure of while the network is there (the service worker keeps it): photos picked once the
  // network has gone still merge. Lite mode waits for a first photo before spending those bytes.
  const lite = useLite().on;
  const warmed = useRef(false);
  const warm = () => {
    if (warmed.current || !navigator.onLine) return;
    const sw = "serviceWorker" in navigator ? navigator.serviceWorker : null;
    // Through the service worker, or it is not kept: on a first visit, once it has taken the page.
    if (sw && !sw.controller) {
      sw.addEventListener("controllerchange", warm, { once: true });
      return;
    }
    warmed.current = true;
    void warmMergeWorker().catch(() => (warmed.current = false));
  };
  useEffect(() => {
    if (!lite) warm();
  });

  const add = (files: File[]) => {
    const bad: string[] = [];
    const ok: Picked[] = [];
    for (const file of files) {
      const image = isImage(file);
      if ((!image && uploadExtension(file.name) === null) || file.size > HOMEWORK_MAX_BYTES) bad.push(file.name);
      else ok.push({ key: `${file.name}-${file.size}-${file.lastModified}-${Math.random()}`, file, image, thumb: image ? URL.createObjectURL(file) : null });
    }
    setRefused(bad);
    setPicked((prev) => [...prev, ...ok]);
    if (ok.some((p) => p.image)) warm();
  };
  const remove = (key: string) => setPicked((prev) => prev.filter((x) => x.key !== key));
  const images = useMemo(() => picked.filter((p) => p.image), [picked]);
  const others = useMemo(() => picked.filter((p) => !p.image), [picked]);
  const busy = phase.kind === "merging" || phase.kind === "keeping";

  async function send() {
    try {
      const blobs: Array<{ blob: Blob; name: string }> = [];
      if (images.length > 0) {
        setPhase({ kind: "merging", done: 0, total: images.length });
        const pdf = await mergeImages(
          images.map((p) => p.file),
          (done, total) => setPhase({ kind: "merging", done, total }),
        );
        blobs.push({ blob: pdf, name: MERGED_PDF_NAME });
      }
      for (const o of others) blobs.push({ blob: o.file, name: o.file.name });
      setPhase({ kind: "keeping" });
      const sync = await startedSync();
      // The outbox's code did not load (offline before it was ever fetched): the picked files stay on the page.
      if (!sync) throw networkError();
      await sync.sendHomework(examId, blobs);
      setPicked([]);
      setPhase({ kind: "idle" });
    } catch (error) {
      setPhase({ kind: "error", error });
    }
  }

  return { picked, images, others, refused, phase, busy, add, remove, send };
}
