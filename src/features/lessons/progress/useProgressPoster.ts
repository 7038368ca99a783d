import { useCallback, useEffect, useRef, useState } from "react";
import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { isCompleted, type LessonDto, type LessonListItemDto, type ProgressAnswerDto } from "@domain/learning";
import type { ProgressPostInput } from "@domain/schemas/progress";
import { meQueryOptions } from "@/lib/me";
import { loadSync } from "@/lib/offline/send";
import { keyRoots } from "@/lib/queryKeys";
import { lessonsKeys } from "../lessons.keys";
import { sendProgress } from "../api/postProgress";

export type ProgressExtra = Omit<ProgressPostInput, "contentId" | "chapterId" | "subjectId" | "isFree">;

/**
 * Posts a lesson's progress (ids and isFree filled in: only a hint, the server decides what it meters) and applies
 * the answer: the lesson list item's percentage (setQueryData on `listKey`), and `expired` (free hours used up: the
 * lesson and the pupil are asked again).
 * Rejects when the post failed, so the caller keeps what it sent.
 */
export function useProgressPoster(lesson: LessonDto, listKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const [expired, setExpired] = useState(false);
  const isFree = me.permissions.freeHours;
  const ctx = useRef({ lesson, listKey, isFree });
  useEffect(() => {
    ctx.current = { lesson, listKey, isFree };
  });
  // The outbox's code is fetched as the lesson opens (online, in a moment), not with the first page turn or bookmark
  // press: if the link has dropped by then, that press is kept on the device instead of failing with its chunk.
  useEffect(() => void loadSync(), []);

  const post = useCallback(
    async (extra: ProgressExtra): Promise<ProgressAnswerDto> => {
      const { lesson: l, listKey: key, isFree: free } = ctx.current;
      const sent = await sendProgress({ contentId: l.id, chapterId: l.chapter.id, subjectId: l.subject.id, isFree: free, ...extra });
      // Saved on the device (offline): the list shows what is known locally until the replay's answer.
      const answer: ProgressAnswerDto = sent ?? {
        expired: false,
        percentage: extra.percentage ?? 0,
        completed: extra.completed ?? false,
        lastWatchedSecond: extra.position ?? 0,
      };
      queryClient.setQueryData<LessonListItemDto[]>(key, (items) =>
        items?.map((item) =>
          item.id === l.id
            ? {
                ...item,
                percentage: Math.max(item.percentage, answer.percentage),
                completed: item.completed || answer.completed || isCompleted(answer.percentage),
              }
            : item,
        ),
      );
      if (answer.expired) {
        setExpired(true);
        // The free hours are used up: the lesson kept on the device (its media, a YouTube embed) and the pupil's
        // allowance are out of date — asked again, the lesson comes without media (`media_refused`), here and on the
        // next visit or reload.
        void queryClient.invalidateQueries({ queryKey: lessonsKeys.lesson(l.subject.slug, l.chapter.slug, l.slug) });
        void queryClient.invalidateQueries({ queryKey: keyRoots.me });
      }
      return answer;
    },
    [queryClient],
  );
  return { post, expired };
}
