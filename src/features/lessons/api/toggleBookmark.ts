import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BookmarkToggleDto, LessonDto } from "@domain/learning";
import { env } from "@/lib/env";
import { bookmarksKeys } from "@/lib/bookmarks";
import { sendOrQueue } from "@/lib/offline/send";
import { lessonsKeys } from "../lessons.keys";

const seg = encodeURIComponent;

export interface ToggleBookmarkVars {
  subject: string;
  chapter: string;
  lesson: string;
}

/**
 * `POST /user/subjects/{subject}/chapters/{chapter}/contents/{content}/bookmark`, through the outbox: each press is
 * stored on the device with its own Idempotency-Key and replayed in order, once, when it could not be sent now.
 * Resolves with the server's state, or null when the press waits on the device.
 */
async function toggleBookmark(v: ToggleBookmarkVars, lessonId: number): Promise<BookmarkToggleDto | null> {
  const result = await sendOrQueue<BookmarkToggleDto>({
    kind: "bookmark",
    url: `${env.apiBase}/user/subjects/${seg(v.subject)}/chapters/${seg(v.chapter)}/contents/${seg(v.lesson)}/bookmark`,
    body: { chapter: v.chapter, content: v.lesson },
    scope: `lesson:${lessonId}`,
  });
  return result.status === "sent" ? result.payload : null;
}

/** The bookmark toggle, optimistic: the lesson's flag flips at once and comes back if the call fails. */
export function useToggleBookmark(v: ToggleBookmarkVars) {
  const queryClient = useQueryClient();
  const key = lessonsKeys.lesson(v.subject, v.chapter, v.lesson);
  return useMutation({
    mutationFn: () => {
      const lesson = queryClient.getQueryData<LessonDto>(key);
      return toggleBookmark(v, lesson?.id ?? 0);
    },
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<LessonDto>(key);
      if (before) queryClient.setQueryData<LessonDto>(key, { ...before, bookmarked: !before.bookmarked });
      return { before };
    },
    onError: (_err, _vars, ctx) => {
      if (ctx?.before) queryClient.setQueryData<LessonDto>(key, (cur) => (cur ? { ...cur, bookmarked: ctx.before!.bookmarked } : cur));
    },
    onSuccess: (answer) => {
      // null: saved on the device, the optimistic state stands until the replay.
      if (answer) queryClient.setQueryData<LessonDto>(key, (cur) => (cur ? { ...cur, bookmarked: answer.bookmarked } : cur));
      void queryClient.invalidateQueries({ queryKey: bookmarksKeys.all });
    },
  });
}
