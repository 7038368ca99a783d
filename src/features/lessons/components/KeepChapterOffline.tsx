import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Progress.css";
import "@mantine/core/styles/List.css";
import { useState } from "react";
import { Alert, Badge, Button, Group, List, Loader, Modal, Progress, Stack, Text, VisuallyHidden } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { plural } from "@lingui/core/macro";
import type { ChapterType, LocalizedName } from "@domain/learning";
import { IconAlertTriangle, IconCircleCheck, IconCloudDownload, IconTrash } from "@tabler/icons-react";
import { checkStorage, fetchOfflineManifest, KeepError, removeKeptChapter, type KeepFailure } from "@/lib/offline/keep";
import { currentLink, mayBeMobileData, MOBILE_CONFIRM_BYTES } from "@/lib/lite";
import { currentUserId } from "@/lib/offline/user";
import { refName } from "@/lib/reference";
import { toast } from "@/lib/toast";
import { lessonsKeys, type ViewerKind } from "../lessons.keys";
import { formatBytes } from "@/lib/formatBytes";
import { keepChapterForOffline, useChapterKeepState, useHealKeptChapter } from "../offline/keepChapter";

interface Props {
  kind: ViewerKind;
  subject: string;
  chapter: string;
  chapterName: string;
}

/** The control for a chapter of the subject page (its name in the pupil's language). */
export function KeepChapterControl({ subject, chapter }: { subject: string; chapter: { slug: string; type: ChapterType } & LocalizedName }) {
  const { i18n } = useLingui();
  return (
    <KeepChapterOffline
      kind={chapter.type === "recording" ? "recordings" : "lessons"}
      subject={subject}
      chapter={chapter.slug}
      chapterName={refName(chapter, i18n.locale)}
    />
  );
}

const TAP = 44;

/**
 * "Garder hors ligne" on a chapter: its size first (a dialog: what can be kept, what always needs a connection, the
 * free space), then a progress bar while it downloads, then "Disponible hors ligne" with "Retirer".
 */
function KeepChapterOffline({ kind, subject, chapter, chapterName }: Props) {
  const { t, i18n } = useLingui();
  const state = useChapterKeepState(subject, chapter);
  const [opened, setOpened] = useState(false);
  const [removing, setRemoving] = useState(false);
  useHealKeptChapter(kind, state.status === "kept" ? state.kept : null);

  if (state.status === "downloading") {
    const percent = state.total > 0 ? Math.round((state.done / state.total) * 100) : 0;
    const done = formatBytes(state.done, i18n.locale);
    const total = formatBytes(state.total, i18n.locale);
    // Screen readers hear the download by quarters, not every byte of it.
    const quarter = Math.floor(percent / 25) * 25;
    return (
      <Stack gap={4} data-testid="keep-progress" miw={0} style={{ flex: 1 }}>
        <VisuallyHidden role="status" aria-live="polite" data-testid="keep-progress-status">
          <Trans>
            {chapterName} : téléchargement à {quarter} %
          </Trans>
        </VisuallyHidden>
        <Text size="sm" c="dimmed">
          <Trans>
            Téléchargement… {percent} % ({done} / {total})
          </Trans>
        </Text>
        <Progress value={percent} size="md" radius="xl" aria-label={t`Téléchargement du chapitre ${chapterName}`} animated />
      </Stack>
    );
  }

  if (state.status === "kept") {
    const onRemove = async () => {
      const userId = currentUserId();
      if (userId === null) return;
      setRemoving(true);
      try {
        await removeKeptChapter(userId, subject, chapter);
        toast.show({ color: "teal", message: t`Le chapitre n'est plus gardé sur cet appareil.`, closeButtonProps: { "aria-label": t`Fermer` } });
      } finally {
        setRemoving(false);
      }
    };
    return (
      <Group gap="xs" wrap="wrap" justify="flex-end" data-testid="keep-done">
        <VisuallyHidden role="status" aria-live="polite">
          <Trans>{chapterName} est disponible hors ligne</Trans>
        </VisuallyHidden>
        <Badge color="teal.9" variant="filled" size="lg" leftSection={<IconCircleCheck size={16} aria-hidden />} style={{ textTransform: "none" }}>
          <Trans>Disponible hors ligne</Trans> · {formatBytes(state.kept.bytes, i18n.locale)}
        </Badge>
        {/* Kept for the class on its tablet: the teacher's choice, not the pupil's to remove. */}
        {state.kept.forClass ? (
          <Text size="sm" c="dimmed" data-testid="keep-for-class">
            <Trans>Gardé pour la classe sur cette tablette</Trans>
          </Text>
        ) : (
          <Button
            variant="subtle"
            color="red"
            h={TAP}
            miw={TAP}
            leftSection={<IconTrash size={18} aria-hidden />}
            loading={removing}
            onClick={() => void onRemove()}
            aria-label={t`Retirer : ${chapterName}`}
          >
            <Trans>Retirer</Trans>
          </Button>
        )}
      </Group>
    );
  }

  return (
    <>
      <Button
        variant="subtle"
        h={TAP}
        miw={TAP}
        leftSection={<IconCloudDownload size={18} aria-hidden />}
        onClick={() => setOpened(true)}
        aria-label={t`Garder hors ligne : ${chapterName}`}
        data-testid="keep-open"
      >
        <Trans>Garder hors ligne</Trans>
      </Button>
      {opened && <KeepDialog kind={kind} subject={subject} chapter={chapter} chapterName={chapterName} onClose={() => setOpened(false)} />}
    </>
  );
}

function KeepDialog({ kind, subject, chapter, chapterName, onClose }: Props & { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  // Not a kept query: the size is asked again each time the dialog opens.
  const manifest = useQuery({
    queryKey: lessonsKeys.offlineManifest(subject, chapter),
    queryFn: ({ signal }) => fetchOfflineManifest(subject, chapter, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const bytes = manifest.data?.bytes;
  const storage = useQuery({
    queryKey: lessonsKeys.offlineStorage(bytes),
    queryFn: () => checkStorage(bytes ?? 0),
    enabled: bytes !== undefined,
    staleTime: 0,
    gcTime: 0,
  });

  const failure = (reason: KeepFailure): string =>
    ({
      no_space: t`Pas assez d'espace libre sur cet appareil pour ce chapitre.`,
      unsupported: t`Ce navigateur ne peut pas garder de leçons hors ligne.`,
      network: t`Le téléchargement a été interrompu : vérifiez votre connexion et réessayez.`,
      nothing: t`Aucune leçon de ce chapitre ne peut être gardée hors ligne.`,
      failed: t`Le chapitre n'a pas pu être gardé hors ligne. Réessayez.`,
    })[reason];

  // Above 10 MB on what may be mobile data, the download asks once more, with its size (issue 22).
  const [confirming, setConfirming] = useState(false);
  const askFirst = (bytes ?? 0) > MOBILE_CONFIRM_BYTES && mayBeMobileData(currentLink());

  const start = () => {
    if (!manifest.data) return;
    if (askFirst && !confirming) {
      setConfirming(true);
      return;
    }
    onClose();
    keepChapterForOffline(queryClient, kind, manifest.data).then(
      () => toast.show({ color: "teal", message: t`${chapterName} est disponible hors ligne.`, closeButtonProps: { "aria-label": t`Fermer` } }),
      (error: unknown) => toast.show({ color: "red", message: failure(error instanceof KeepError ? error.reason : "failed"), closeButtonProps: { "aria-label": t`Fermer` } }),
    );
  };

  const lessons = manifest.data?.lessons ?? [];
  const keepable = lessons.filter((l) => l.availability === "keepable");
  const online = lessons.filter((l) => l.availability !== "keepable");
  const count = keepable.length;
  const size = formatBytes(bytes ?? 0, i18n.locale);
  const free = storage.data?.free != null ? formatBytes(storage.data.free, i18n.locale) : null;
  const lessonsLabel = t({ message: plural(count, { one: "# leçon", other: "# leçons" }) });
  const enough = storage.data ? storage.data.supported && storage.data.enough : false;
  const reasonLabel = (a: string) => (a === "youtube" ? t`vidéo YouTube` : a === "quiz" ? t`quiz` : t`verrouillée`);

  return (
    // Composed without Modal.Header: Mantine renders it as <header>, a second "banner" landmark on the page.
    <Modal.Root opened onClose={onClose} centered size="md">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Body pt="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm">
            <Modal.Title fw={700}>{t`Garder hors ligne : ${chapterName}`}</Modal.Title>
            <Modal.CloseButton aria-label={t`Fermer`} size={44} iconSize={20} />
          </Group>
          {manifest.isPending ? (
            <Group justify="center" p="md">
              <Loader size="sm" aria-label={t`Calcul de la taille…`} />
            </Group>
          ) : manifest.isError ? (
            <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />}>
              <Trans>Une connexion est nécessaire pour garder ce chapitre hors ligne.</Trans>
            </Alert>
          ) : (
            <Stack gap="sm">
              <Text data-testid="keep-size">
                <Trans>
                  Taille : <strong>{size}</strong> pour {lessonsLabel} (pages, vidéos et pièces jointes).
                </Trans>
              </Text>
              {free !== null && (
                <Text size="sm" c="dimmed" data-testid="keep-free">
                  <Trans>Espace libre sur cet appareil : {free}</Trans>
                </Text>
              )}
              {online.length > 0 && (
                <div>
                  <Text size="sm" fw={600}>
                    <Trans>Toujours avec une connexion :</Trans>
                  </Text>
                  <List size="sm" data-testid="keep-online-only">
                    {online.map((l) => (
                      <List.Item key={l.id}>
                        <bdi>{refName(l, i18n.locale)}</bdi> ({reasonLabel(l.availability)})
                      </List.Item>
                    ))}
                  </List>
                </div>
              )}
              {count === 0 && <Alert color="yellow">{failure("nothing")}</Alert>}
              {storage.data && !storage.data.supported && <Alert color="yellow">{failure("unsupported")}</Alert>}
              {storage.data?.supported && !storage.data.enough && <Alert color="red">{failure("no_space")}</Alert>}
              <Text size="xs" c="dimmed">
                <Trans>Le navigateur peut vous demander d'autoriser le stockage durable, pour que le chapitre ne soit pas effacé.</Trans>
              </Text>
              {confirming && (
                <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="keep-mobile-confirm">
                  <Trans>
                    Vous êtes peut-être sur les données mobiles : ce chapitre télécharge <strong>{size}</strong>. Le télécharger quand même ?
                  </Trans>
                </Alert>
              )}
              <Group justify="flex-end" gap="sm" mt="xs">
                <Button variant="default" h={TAP} onClick={onClose}>
                  <Trans>Annuler</Trans>
                </Button>
                <Button h={TAP} leftSection={<IconCloudDownload size={18} aria-hidden />} disabled={count === 0 || !enough} onClick={start} data-testid="keep-start">
                  {confirming ? <Trans>Oui, télécharger ({size})</Trans> : <Trans>Télécharger ({size})</Trans>}
                </Button>
              </Group>
            </Stack>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
