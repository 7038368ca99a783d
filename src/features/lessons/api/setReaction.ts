import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReactionsDto, SettableReaction } from "@domain/schemas/analytics";
import { api } from "@/lib/api";
import { env } from "@/lib/env";
import { lessonsKeys } from "../lessons.keys";

/** `POST {analyticsBase}/reactions` {content_id, reaction_type}: sets (love, sad) or clears (none) the pupil's reaction. */
async function setReaction(contentId: number, reactionType: SettableReaction): Promise<ReactionsDto> {
  return (await api<ReactionsDto>("/reactions", { base: env.analyticsBase, method: "POST", body: { content_id: contentId, reaction_type: reactionType } })).payload;
}

/** The counts once the pupil's reaction becomes `next` (what the server will answer). */
export function applyReaction(state: ReactionsDto, next: SettableReaction): ReactionsDto {
  const counts = { ...state.counts };
  if (state.reaction_type !== "none") counts[state.reaction_type] = Math.max(0, counts[state.reaction_type] - 1);
  if (next !== "none") counts[next] += 1;
  return { ...state, counts, reaction_type: next };
}

/** The reaction buttons' mutation, optimistic: the counts change at once and come back if the call fails. */
export function useSetReaction(contentId: number) {
  const queryClient = useQueryClient();
  const key = lessonsKeys.reactions(contentId);
  return useMutation({
    mutationFn: (next: SettableReaction) => setReaction(contentId, next),
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ReactionsDto>(key);
      if (before) queryClient.setQueryData<ReactionsDto>(key, applyReaction(before, next));
      return { before };
    },
    onError: (_err, _next, ctx) => {
      if (ctx?.before) queryClient.setQueryData<ReactionsDto>(key, ctx.before);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<ReactionsDto>(key, answer);
    },
  });
}
