import "@mantine/core/styles/Grid.css";
import { LessonSyncStatus } from "@/components/OfflineStatus";
import "@mantine/core/styles/Tooltip.css";
import { Button, Grid, Group, Stack, Text, Title, ActionIcon, Tooltip } from "@mantine/core";
import { useRef, useState } from "react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconBookmark, IconBookmarkFilled, IconChevronLeft, IconChevronRight, IconFlag } from "@tabler/icons-react";
import { truncate, type LessonListItemDto } from "@domain/learning";
import { localized } from "@/lib/localized";
import { toast } from "@/lib/toast";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { lessonQueryOptions } from "../api/getLesson";
import { lessonListQueryOptions } from "../api/lessonList";
import { useToggleBookmark } from "../api/toggleBookmark";
import { ReportVideoModal } from "../components/ReportVideoModal";
import { Attachments } from "../components/Attachments";
import { ExpiredModal } from "../components/ExpiredModal";
import { LessonList } from "../components/LessonList";
import { LessonMedia } from "../components/LessonMedia";
import { LockScreen } from "../components/LockScreen";
import { Reactions } from "../components/Reactions";
import { useProgressPoster } from "../progress/useProgressPoster";
import { useLessonOfflineState } from "../offline/keepChapter";
import { LESSON_TITLE_MAX } from "../limits";
import type { ViewerKind } from "../lessons.keys";

interface Props {
  kind: ViewerKind;
  subject: string;
  chapter: string;
  lesson: string;
}

/** The previous and next lessons of `slug` in the chapter's list (null at the ends). */
function siblings(items: readonly LessonListItemDto[], slug: string) {
  const i = items.findIndex((item) => item.slug === slug);
  return { previous: i > 0 ? items[i - 1]! : null, next: i >= 0 && i < items.length - 1 ? items[i + 1]! : null };
}

/** The lesson and recording viewer (SPEC §2): player or lock screen, lesson list, previous/next, bookmark, attachments. */
export function LessonViewerScreen({ kind, subject, chapter, lesson: slug }: Props) {
  const { t, i18n } = useLingui();
  const { data: lesson, refetch: refetchLesson } = useSuspenseQuery(lessonQueryOptions(subject, chapter, slug));
  const keptOnDevice = useLessonOfflineState(subject, chapter, slug) === "device";
  const lessonName = localized(lesson, i18n.locale);
  const listOptions = lessonListQueryOptions(kind, subject, chapter);
  const { data: items } = useSuspenseQuery(listOptions);
  useDocumentTitle(lessonName);
  const navigate = useNavigate();
  const bookmark = useToggleBookmark({ subject, chapter, lesson: slug });
  const { post, expired } = useProgressPoster(lesson, listOptions.queryKey);
  // Free hours used up: a progress answer says so while watching, or the server refuses the lesson's media (SPEC §4).
  const freeHoursOut = expired || lesson.media_refused === "free_hours_exhausted";
  // A video link refused while watching (403 free_hours_exhausted): ask the lesson once more, which then says why.
  const askedAgain = useRef<number | null>(null);
  const onMediaError = () => {
    if (askedAgain.current === lesson.id) return;
    askedAgain.current = lesson.id;
    void refetchLesson();
  };
  const { previous, next } = siblings(items, slug);

  const goTo = (target: LessonListItemDto) =>
    void (kind === "recordings"
      ? navigate({ to: "/subjects/$subject/chapters/$chapter/recordings/$recording/content", params: { subject, chapter, recording: target.slug } })
      : navigate({ to: "/subjects/$subject/chapters/$chapter/lessons/$lesson/content", params: { subject, chapter, lesson: target.slug } }));

  const onBookmark = () => {
    if (lesson.locked) {
      toast.warning(t`Vous devez débloquer d'abord ce cours`);
      return;
    }
    bookmark.mutate(undefined, { onError: () => toast.error(t`Le favori n'a pas pu être enregistré.`) });
  };

  const instructor = lesson.instructor ? `${lesson.instructor.name} ${lesson.instructor.last_name}`.trim() : null;
  const chapterName = localized(lesson.chapter, i18n.locale);
  const bookmarkLabel = lesson.bookmarked ? t`Retirer des favoris` : t`Ajouter aux favoris`;
  const [reporting, setReporting] = useState(false);
  const onReport = () => {
    if (lesson.locked) {
      toast.warning(t`Vous devez débloquer d'abord ce cours`);
      return;
    }
    setReporting(true);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minInlineSize: 0 }}>
          {/* dir="auto": a title in another script than the page's reads and is cut at its own end. */}
          <Title order={1} fz={{ base: "h3", sm: "h2" }} title={lessonName} data-testid="lesson-title" dir="auto">
            {truncate(lessonName, LESSON_TITLE_MAX)}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {instructor && (
              <>
                <bdi data-testid="lesson-instructor">{instructor}</bdi>
                {" · "}
              </>
            )}
            <bdi data-testid="lesson-chapter">{chapterName}</bdi>
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap">
          <Tooltip label={t`Signaler un problème`}>
            <ActionIcon variant="light" color="gray" size="lg" aria-label={t`Signaler un problème`} onClick={onReport} data-testid="report-open">
              <IconFlag size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={bookmarkLabel}>
            <ActionIcon variant={lesson.bookmarked ? "filled" : "light"} size="lg" aria-label={bookmarkLabel} aria-pressed={lesson.bookmarked} onClick={onBookmark}>
              {lesson.bookmarked ? <IconBookmarkFilled size={20} aria-hidden /> : <IconBookmark size={20} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        </Group>
        {reporting && <ReportVideoModal contentId={lesson.id} opened={reporting} onClose={() => setReporting(false)} />}
      </Group>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            {lesson.locked || lesson.media_refused ? <LockScreen /> : <LessonMedia lesson={lesson} keptOnDevice={keptOnDevice} post={post} expired={expired} onMediaError={onMediaError} />}
            <LessonSyncStatus lessonId={lesson.id} />
            <Reactions contentId={lesson.id} locked={lesson.locked} />
            <Group justify="space-between">
              <Button
                variant="default"
                leftSection={<IconChevronLeft size={16} className="darsi-flip" aria-hidden />}
                disabled={!previous}
                onClick={() => previous && goTo(previous)}
              >
                <Trans>Leçon précédente</Trans>
              </Button>
              <Button
                variant="default"
                rightSection={<IconChevronRight size={16} className="darsi-flip" aria-hidden />}
                disabled={!next}
                onClick={() => next && goTo(next)}
              >
                <Trans>Leçon suivante</Trans>
              </Button>
            </Group>
            {/* The server decides (SPEC §6: locked, or the pupil's only offers are the packs 83/84) and sends none then. */}
            {!lesson.attachments_hidden && <Attachments attachments={lesson.attachments} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <LessonList kind={kind} subject={subject} chapter={chapter} items={items} current={slug} />
        </Grid.Col>
      </Grid>
      <ExpiredModal opened={freeHoursOut} />
    </Stack>
  );
}
