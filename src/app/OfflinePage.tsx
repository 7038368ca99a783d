import { useEffect, useRef } from "react";
import { Anchor, Button, Center, List, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCloudOff } from "@tabler/icons-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import type { LessonDto, SubjectDto } from "@domain/learning";
import { localized } from "@/lib/localized";
import { keptQueryKeys } from "@/lib/offline/queryCache";
import { subjectsListKey } from "@/lib/subjects";
import { isOffline, useOfflineStatus } from "@/lib/offline/status";

export interface OfflineLink {
  href: string;
  label: string;
}

/**
 * The pages this device can show now, from the pupil's answers in the query cache (restored from the device, or fetched
 * since): the home, the subjects, each subject opened, the bookmarks, each lesson opened.
 */
interface PageLabels {
  home: string;
  subjects: string;
  bookmarks: string;
  wallet: string;
  offers: string;
  exams: string;
  sessions: string;
  profile: string;
  reports: string;
}

function availablePages(queryClient: QueryClient, labels: PageLabels, locale: string): OfflineLink[] {
  const keys = keptQueryKeys(queryClient);
  const subjects = queryClient.getQueryData<SubjectDto[]>(subjectsListKey) ?? [];
  const subjectName = (slug: string) => {
    const subject = subjects.find((s) => s.slug === slug);
    return subject ? localized(subject, locale) : slug;
  };
  const has = (pred: (key: QueryKey) => boolean) => keys.some(pred);
  const links: OfflineLink[] = [];
  if (has((k) => k[0] === "home" && k[1] === "alerts")) links.push({ href: "/", label: labels.home });
  if (has((k) => k[0] === "subjects" && k[1] === "list")) links.push({ href: "/subjects", label: labels.subjects });
  for (const key of keys) {
    if (key[0] === "subjects" && key[1] === "chapters" && typeof key[2] === "string") {
      links.push({ href: `/subjects/${encodeURIComponent(key[2])}/details`, label: subjectName(key[2]) });
    }
  }
  if (has((k) => k[0] === "bookmarks")) links.push({ href: "/liste-de-favoris", label: labels.bookmarks });
  // The screens a pupil reads on the bus (issue 22), when their first page is on the device.
  if (has((k) => k[0] === "wallet" && k[1] === "statement")) links.push({ href: "/porte-monnaie", label: labels.wallet });
  if (has((k) => k[0] === "offers" && k[1] === "list")) links.push({ href: "/offres", label: labels.offers });
  if (has((k) => k[0] === "exams" && k[1] === "list")) links.push({ href: "/exams", label: labels.exams });
  if (has((k) => k[0] === "sessions" && k[1] === "week" && k[2] === 0)) links.push({ href: "/sessions", label: labels.sessions });
  if (has((k) => k[0] === "me")) links.push({ href: "/mon-profil", label: labels.profile });
  if (has((k) => k[0] === "reports" && k[1] === "page")) links.push({ href: "/reports", label: labels.reports });
  for (const key of keys) {
    if (key[0] !== "lessons" || key[1] !== "lesson") continue;
    const [, , subject, chapter, lesson] = key as [string, string, string, string, string];
    const lessonData = queryClient.getQueryData<LessonDto>(key);
    const recording = lessonData?.chapter.type === "recording" || has((k) => k[0] === "lessons" && k[1] === "list" && k[2] === "recordings" && k[3] === subject && k[4] === chapter);
    const path = recording ? "recordings" : "lessons";
    links.push({
      href: `/subjects/${encodeURIComponent(subject)}/chapters/${encodeURIComponent(chapter)}/${path}/${encodeURIComponent(lesson)}/content`,
      label: lessonData ? localized(lessonData, locale) : lesson,
    });
  }
  return links;
}

/**
 * A page this device does not have, opened while the server cannot be reached: said plainly in the app's own words,
 * with the pages the device does have; it loads by itself when the connection is back (or on "Réessayer").
 */
export function OfflinePage({ onRetry }: { onRetry: () => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const router = useRouter();
  const status = useOfflineStatus();
  const offline = isOffline(status);
  const here = router.state.location.pathname;
  const labels: PageLabels = {
    home: t`Accueil`,
    subjects: t`Matières`,
    bookmarks: t`Mes favoris`,
    wallet: t`Porte monnaie`,
    offers: t`Offres`,
    exams: t`Examens`,
    sessions: t`Séances en direct`,
    profile: t`Mon profil`,
    reports: t`Mes rapports`,
  };
  const links = availablePages(queryClient, labels, i18n.locale).filter(
    (l) => l.href !== here,
  );
  // Back online (the browser says so, or a request reached the server): the page loads by itself.
  const wasOffline = useRef(offline);
  useEffect(() => {
    if (wasOffline.current && !offline) onRetry();
    wasOffline.current = offline;
  }, [offline, onRetry]);

  return (
    <Center mih="60dvh" p="md" data-page-offline="">
      <Stack align="center" gap="sm" maw={480} ta="center" role="status">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconCloudOff size={32} />
        </ThemeIcon>
        <Title order={1} fz="h2">
          <Trans>Disponible quand vous serez de nouveau en ligne</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>Cette page n'est pas encore sur cet appareil. Elle s'ouvrira dès que la connexion sera revenue.</Trans>
        </Text>
        {links.length > 0 && (
          <Stack gap={4} align="center" mt="xs">
            <Text fw={600}>
              <Trans>Disponible sur cet appareil :</Trans>
            </Text>
            <List listStyleType="none" spacing={4} data-testid="offline-available">
              {links.map((l) => (
                <List.Item key={l.href}>
                  <Anchor
                    href={l.href}
                    onClick={(event) => {
                      event.preventDefault();
                      void router.navigate({ href: l.href });
                    }}
                    display="inline-block"
                    py={10}
                    px="xs"
                    dir="auto"
                  >
                    {l.label}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
        <Button mt="sm" variant="default" onClick={onRetry}>
          <Trans>Réessayer</Trans>
        </Button>
      </Stack>
    </Center>
  );
}
