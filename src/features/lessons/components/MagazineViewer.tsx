import "@mantine/core/styles/Image.css";
import { useCallback, useEffect, useRef, useState } from "react";
import { ActionIcon, Group, Image, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { localized } from "@/lib/localized";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import type { LessonDto, ProgressAnswerDto } from "@domain/learning";
import type { ProgressExtra } from "../progress/useProgressPoster";
import { usePostView } from "../api/postView";

interface Props {
  lesson: LessonDto;
  pages: ReadonlyArray<{ url: string }>;
  post: (extra: ProgressExtra) => Promise<ProgressAnswerDto>;
}

/**
 * A magazine: one page at a time, previous/next buttons and the arrow keys (SPEC §9), mirrored for a
 * right-to-left magazine (`rtl`: ArrowLeft turns to the next page). Progress is pages seen / pages.
 */
export function MagazineViewer({ lesson, pages, post }: Props) {
  const { t, i18n } = useLingui();
  // Analytics: one view per magazine opened (SPEC §7).
  usePostView(lesson.id);
  const total = pages.length;
  const [index, setIndex] = useState(0);
  const seen = useRef(new Set<number>([0]));
  const sentCount = useRef(0);
  const postRef = useRef(post);
  useEffect(() => {
    postRef.current = post;
  });

  const report = useCallback(() => {
    const count = seen.current.size;
    if (total === 0 || count <= sentCount.current) return;
    const before = sentCount.current;
    sentCount.current = count;
    postRef.current({ percentage: Math.round((count / total) * 1000) / 10, position: 0 }).catch(() => {
      // Not sent: the next page turn sends the count again.
      if (sentCount.current === count) sentCount.current = before;
    });
  }, [total]);

  const go = useCallback(
    (delta: number) => {
      setIndex((i) => {
        const next = Math.min(total - 1, Math.max(0, i + delta));
        if (next !== i) seen.current.add(next);
        return next;
      });
    },
    [total],
  );

  // The first page counts as seen on open; each new page seen is posted.
  useEffect(() => {
    report();
  }, [index, report]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest("input, textarea, select, [contenteditable=true], video, [role=slider]")) return;
      const forward = lesson.rtl ? "ArrowLeft" : "ArrowRight";
      const backward = lesson.rtl ? "ArrowRight" : "ArrowLeft";
      if (e.key === forward) {
        e.preventDefault();
        go(1);
      } else if (e.key === backward) {
        e.preventDefault();
        go(-1);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [go, lesson.rtl]);

  const page = pages[index];
  const number = index + 1;
  const name = localized(lesson, i18n.locale);
  // Buttons sit in the magazine's reading direction: in an Arabic magazine "next" is on the left.
  const dir = lesson.rtl ? "rtl" : "ltr";
  const Prev = lesson.rtl ? IconChevronRight : IconChevronLeft;
  const Next = lesson.rtl ? IconChevronLeft : IconChevronRight;
  return (
    <section aria-label={t`Magazine`} aria-roledescription={t`visionneuse de pages`} data-testid="magazine">
      {page && (
        <Image
          src={page.url}
          alt={t`Page ${number} sur ${total} — ${name}`}
          width={1240}
          height={1754}
          fit="contain"
          radius="md"
          mah="80vh"
          w="100%"
          h="auto"
          data-testid="magazine-page"
        />
      )}
      <Group justify="center" gap="md" mt="sm" dir={dir}>
        <ActionIcon variant="light" size="lg" onClick={() => go(-1)} disabled={index === 0} aria-label={t`Page précédente`}>
          <Prev size={20} aria-hidden />
        </ActionIcon>
        <Text aria-live="polite" fw={600} style={{ fontVariantNumeric: "tabular-nums" }} data-testid="page-counter">
          <Trans>
            Page {number} / {total}
          </Trans>
        </Text>
        <ActionIcon variant="light" size="lg" onClick={() => go(1)} disabled={index >= total - 1} aria-label={t`Page suivante`}>
          <Next size={20} aria-hidden />
        </ActionIcon>
      </Group>
    </section>
  );
}
