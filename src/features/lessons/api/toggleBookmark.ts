import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BookmarkToggleDto, LessonDto } from "@domain/learning";
import { api } from "@/lib/api";
import { lessonsKeys } from "../lessons.keys";

const seg = encodeURIComponent;

export interface ToggleBookmarkVars {
  subject: string;
  chapter: string;
  lesson: string;
}

/** `POST /user/subjects/{subject}/chapters/{chapter}/contents/{content}/bookmark` (one Idempotency-Key per press). */
export async function toggleBookmark(v: ToggleBookmarkVars, idempotencyKey: string): Promise<BookmarkToggleDto> {
  return (
    await api<BookmarkToggleDto>(`/user/subjects/${seg(v.subject)}/chapters/${seg(v.chapter)}/contents/${seg(v.lesson)}/bookmark`, {
      method: "POST",
      body: { chapter: v.chapter, content: v.lesson },
      idempotencyKey,
    })
  ).payload;
}

/** The bookmark toggle, optimistic: the lesson's flag flips at once and comes back if the call fails. */
export function useToggleBookmark(v: ToggleBookmarkVars) {
  const queryClient = useQueryClient();
  const key = lessonsKeys.lesson(v.subject, v.chapter, v.lesson);
  return useMutation({
    mutationFn: () => toggleBookmark(v, crypto.randomUUID()),
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
      queryClient.setQueryData<LessonDto>(key, (cur) => (cur ? { ...cur, bookmarked: answer.bookmarked } : cur));
      void queryClient.invalidateQueries({ queryKey: ["bookmarks"] });
    },
  });
}
