import "@mantine/core/styles/Progress.css";
import { useEffect, useMemo, useRef, useState } from "react";
import { Alert, Button, CloseButton, FileButton, Group, Progress, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconCamera, IconPaperclip, IconUpload } from "@tabler/icons-react";
import { HOMEWORK_MAX_BYTES, MERGED_PDF_NAME, UPLOAD_ACCEPT, uploadExtension } from "@domain/exams";
import { describeError } from "@/lib/i18n/errors";
import { toast } from "@/lib/toast";
import { uploadResumably, type UploadProgress } from "../api/resumableUpload";
import { mergeImages } from "../lib/mergeImages";
import { examsKeys } from "../exams.keys";
import classes from "./exams.module.css";

interface Picked {
  key: string;
  file: File;
  image: boolean;
  thumb: string | null;
}

type Phase = { kind: "idle" } | { kind: "merging"; done: number; total: number } | { kind: "uploading"; name: string; progress: UploadProgress } | { kind: "error"; error: unknown };

const isImage = (f: File) => /^image\/(jpeg|png|gif|webp|heic|heif)$/i.test(f.type) || /\.(jpe?g|png|gif|webp)$/i.test(f.name);

/**
 * Homework (SPEC §4, §5): photograph pages (`capture` opens the camera on phones) or pick images and files of the
 * allowed types. The images are merged on the device, in a worker, into one `merged-images.pdf` (at most 2,000 px,
 * JPEG 0.9); every file then goes up through the resumable upload, which waits out a lost connection and resumes.
 */
export default function HomeworkUploader({ examId, onUploaded }: { examId: number; onUploaded?: () => void }) {
  const { i18n, t } = useLingui();
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
  const images = useMemo(() => picked.filter((p) => p.image), [picked]);
  const others = useMemo(() => picked.filter((p) => !p.image), [picked]);
  const refusedList = refused.join(", ");
  const imageCount = images.length;
  const merging = phase.kind === "merging" ? { done: phase.done, total: phase.total } : { done: 0, total: 1 };
  const percent = phase.kind === "uploading" ? Math.floor((phase.progress.sent / phase.progress.total) * 100) : 0;
  const uploadingName = phase.kind === "uploading" ? phase.name : "";
  const pageDone = merging.done;
  const pageTotal = merging.total;
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

  return (
    <Stack gap="sm" data-testid="homework-uploader">
      <Group gap="sm">
        <FileButton onChange={add} accept="image/*" capture="environment" multiple disabled={busy} inputProps={{ "data-testid": "photo-input" } as never}>
          {(props) => (
            <Button {...props} leftSection={<IconCamera aria-hidden size={18} />} variant="light">
              <Trans>Photographier des pages</Trans>
            </Button>
          )}
        </FileButton>
        <FileButton onChange={add} accept={UPLOAD_ACCEPT} multiple disabled={busy} inputProps={{ "data-testid": "file-input" } as never}>
          {(props) => (
            <Button {...props} leftSection={<IconPaperclip aria-hidden size={18} />} variant="default">
              <Trans>Ajouter des fichiers</Trans>
            </Button>
          )}
        </FileButton>
      </Group>
      {refused.length > 0 && (
        <Alert color="orange" role="alert">
          {t`Fichiers refusés (type non autorisé ou trop volumineux) : ${refusedList}`}
        </Alert>
      )}
      {images.length > 0 && (
        <>
          <Text size="sm">{t`${imageCount} photo(s) : elles seront réunies dans un seul PDF (merged-images.pdf)`}</Text>
          <div className={classes.thumbs}>
            {images.map((p, i) => {
              const page = i + 1;
              return (
              <div key={p.key} style={{ position: "relative" }}>
                <img src={p.thumb!} alt={t`Page ${page}`} className={classes.thumb} />
                <CloseButton
                  size="sm"
                  style={{ position: "absolute", insetBlockStart: 4, insetInlineEnd: 4 }}
                  aria-label={t`Retirer la page ${page}`}
                  disabled={busy}
                  onClick={() => setPicked((prev) => prev.filter((x) => x.key !== p.key))}
                />
              </div>
              );
            })}
          </div>
        </>
      )}
      {others.map((p) => {
        const fileName = p.file.name;
        return (
        <Group key={p.key} gap="xs" wrap="nowrap">
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {p.file.name}
          </Text>
          <CloseButton size="sm" aria-label={t`Retirer ${fileName}`} disabled={busy} onClick={() => setPicked((prev) => prev.filter((x) => x.key !== p.key))} />
        </Group>
        );
      })}
      {phase.kind === "merging" && (
        <Stack gap={4}>
          <Text size="sm">{t`Préparation du PDF : page ${pageDone} sur ${pageTotal}`}</Text>
          <Progress value={(phase.done / phase.total) * 100} aria-label={t`Préparation du PDF`} data-testid="merge-progress" />
        </Stack>
      )}
      {phase.kind === "uploading" && (
        <Stack gap={4}>
          <Text size="sm" role="status">
            {phase.progress.waiting
              ? t`Connexion perdue : l'envoi reprendra automatiquement (${percent} %)`
              : t`Envoi de ${uploadingName} : ${percent} %`}
          </Text>
          <Progress
            value={(phase.progress.sent / phase.progress.total) * 100}
            color={phase.progress.waiting ? "orange" : "blue"}
            aria-label={t`Envoi du devoir`}
            data-testid="upload-progress"
          />
        </Stack>
      )}
      {phase.kind === "error" && (
        <Alert color="orange" role="alert" data-testid="upload-error">
          {describeError(i18n, phase.error)}
        </Alert>
      )}
      <Group>
        <Button leftSection={<IconUpload aria-hidden size={18} />} onClick={() => void send()} disabled={picked.length === 0} loading={busy} data-testid="send-homework">
          <Trans>Envoyer le devoir</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
