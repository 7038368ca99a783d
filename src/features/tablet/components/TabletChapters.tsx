import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Progress.css";
import "@mantine/core/styles/Paper.css";
import { useEffect, useSyncExternalStore } from "react";
import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconRefresh } from "@tabler/icons-react";
import type { TabletChapterDto } from "@domain/tablet";
import { ApiRequestError } from "@/lib/api";
import { formatBytes } from "@/lib/formatBytes";
import { readClassKept } from "@/lib/offline/keep";
import { refName } from "@/lib/reference";
import { tabletChaptersQueryOptions } from "../api/getTabletChapters";
import {
  classChapterState,
  classChaptersVersion,
  classStorage,
  classSyncRunning,
  forgetClassChapters,
  measureClassStorage,
  subscribeClassChapters,
  syncClassChapters,
  type ClassChapterState,
} from "../offline/classChapters";

/**
 * The class's kept chapters on the tablet's start screen (issue 23 item 6): each chapter with its size and whether it
 * is on the tablet, the storage used against the budget, and "Actualiser" (the list asked again, what is missing
 * downloaded). The download starts by itself when the grid opens online; offline, the device's own list shows.
 */
export function TabletChapters({ tabletId }: { tabletId: number }) {
  const { t, i18n } = useLingui();
  useSyncExternalStore(subscribeClassChapters, classChaptersVersion, classChaptersVersion);
  const list = useQuery(tabletChaptersQueryOptions(tabletId));
  const revoked = list.error instanceof ApiRequestError && list.error.code === "tablet_required";

  useEffect(() => void measureClassStorage(tabletId).catch(() => undefined), [tabletId]);
  useEffect(() => {
    if (list.data) void syncClassChapters(tabletId, list.data).catch(() => undefined);
  }, [tabletId, list.data]);
  useEffect(() => {
    if (revoked) void forgetClassChapters();
  }, [revoked]);

  const chapters: TabletChapterDto[] = list.data ?? readClassKept(tabletId)?.chapters ?? [];
  const storage = classStorage();
  const used = storage.used ?? storage.kept;
  const percent = storage.budget > 0 ? Math.min(100, Math.round((used / storage.budget) * 100)) : 0;
  const usedLabel = formatBytes(used, i18n.locale);
  const budgetLabel = formatBytes(storage.budget, i18n.locale);
  const busy = classSyncRunning() || list.isFetching;

  const refresh = async () => {
    const fresh = await list.refetch();
    if (fresh.data) await syncClassChapters(tabletId, fresh.data).catch(() => undefined);
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="tablet-chapters-title" data-testid="tablet-chapters">
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="wrap">
          <Title order={2} size="h4" id="tablet-chapters-title">
            <Trans>Chapitres gardés pour la classe</Trans>
          </Title>
          <Button
            variant="light"
            h={44}
            leftSection={<IconRefresh size={18} aria-hidden />}
            loading={busy}
            onClick={() => void refresh()}
            data-testid="tablet-chapters-refresh"
          >
            <Trans>Actualiser</Trans>
          </Button>
        </Group>
        <div>
          <Text size="sm" data-testid="tablet-storage">
            <Trans>
              Espace utilisé : {usedLabel} sur {budgetLabel}
            </Trans>
          </Text>
          <Progress value={percent} size="md" radius="xl" mt={4} aria-label={t`Espace utilisé : ${usedLabel} sur ${budgetLabel}`} />
        </div>
        {list.isError && !revoked && (
          <Alert color="yellow" role="status">
            <Trans>La liste n'a pas pu être mise à jour : voici celle que la tablette a déjà.</Trans>
          </Alert>
        )}
        {chapters.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>Aucun chapitre n'est gardé pour la classe : le professeur les choisit.</Trans>
          </Text>
        ) : (
          <Stack component="ul" gap="xs" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label={t`Chapitres gardés pour la classe`}>
            {chapters.map((c) => (
              <Group component="li" key={c.id} justify="space-between" wrap="wrap" gap="xs" data-testid="tablet-chapter">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600}>
                    <bdi>{refName(c, i18n.locale)}</bdi>
                  </Text>
                  <Text size="sm" c="dimmed">
                    <bdi>
                      {refName(
                        {
                          name: c.subject_name,
                          name_ar: c.subject_name_ar,
                          name_en: c.subject_name_en,
                        },
                        i18n.locale,
                      )}
                    </bdi>{" "}
                    · {formatBytes(c.bytes, i18n.locale)}
                  </Text>
                </div>
                <ChapterStatus state={classChapterState(c.id)} />
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function ChapterStatus({ state }: { state: ClassChapterState | undefined }) {
  const badge = {
    size: "lg",
    variant: "filled",
    style: { textTransform: "none" },
  } as const;
  switch (state?.status) {
    case "kept":
      return (
        <Badge {...badge} color="teal.9" data-status="kept">
          <Trans>Sur la tablette</Trans>
        </Badge>
      );
    case "downloading": {
      const percent = state.total > 0 ? Math.round((state.done / state.total) * 100) : 0;
      return (
        <Badge {...badge} color="blue.9" data-status="downloading">
          <Trans>Téléchargement… {percent} %</Trans>
        </Badge>
      );
    }
    case "over_budget":
      return (
        <Badge {...badge} color="orange.9" data-status="over_budget">
          <Trans>Dépasse l'espace prévu</Trans>
        </Badge>
      );
    case "failed":
      return (
        <Badge {...badge} color="red.9" data-status="failed">
          <Trans>Échec : réessayez avec « Actualiser »</Trans>
        </Badge>
      );
    default:
      return (
        <Badge {...badge} color="gray.8" data-status="waiting">
          <Trans>En attente</Trans>
        </Badge>
      );
  }
}
