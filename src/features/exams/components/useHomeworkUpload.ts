import { useEffect, useMemo, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { HOMEWORK_MAX_BYTES, MERGED_PDF_NAME, uploadExtension } from "@domain/exams";
import { toast } from "@/lib/toast";
import { uploadResumably, type UploadProgress } from "../api/resumableUpload";
import { mergeImages } from "../lib/mergeImages";
import { examsKeys } from "../exams.keys";

/** A file the pupil picked: an image (merged into the PDF, shown as a thumbnail) or a file sent as it is. */
export interface Picked {
  key: string;
  file: File;
  image: boolean;
  thumb: string | null;
}

export type Phase = { kind: "idle" } | { kind: "merging"; done: number; total: number } | { kind: "uploading"; name: string; progress: UploadProgress } | { kind: "error"; error: unknown };

const isImage = (f: File) => /^image\/(jpeg|png|gif|webp|heic|heif)$/i.test(f.type) || /\.(jpe?g|png|gif|webp)$/i.test(f.name);

/**
 * The homework's picked files and its sending: the images merged on the device into one `merged-images.pdf`, then every
 * file up through the resumable upload; `refused` names the files of a type not allowed or too large.
 */
export function useHomeworkUpload(examId: number, onUploaded?: () => void) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<Picked[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [refused, setRefused] = useState<string[]>([]);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => () => picked.forEach((p) => p.thumb && URL.revokeObjectURL(p.thumb)), [picked]);

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
  };
  const remove = (key: string) => setPicked((prev) => prev.filter((x) => x.key !== key));
  const images = useMemo(() => picked.filter((p) => p.image), [picked]);
  const others = useMemo(() => picked.filter((p) => !p.image), [picked]);
  const busy = phase.kind === "merging" || phase.kind === "uploading";

  async function send() {
    abort.current = new AbortController();
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
      for (const { blob, name } of blobs) {
        setPhase({ kind: "uploading", name, progress: { sent: 0, total: blob.size, waiting: false } });
        await uploadResumably(examId, blob, name, (progress) => setPhase({ kind: "uploading", name, progress }), abort.current.signal);
      }
      setPicked([]);
      setPhase({ kind: "idle" });
      toast.success(t`Devoir envoyé`);
      await queryClient.invalidateQueries({ queryKey: examsKeys.detail(examId) });
      onUploaded?.();
    } catch (error) {
      if ((error as Error).name === "AbortError") return;
      setPhase({ kind: "error", error });
    }
  }

  return { picked, images, others, refused, phase, busy, add, remove, send };
}
