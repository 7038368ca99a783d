import { queryOptions } from "@tanstack/react-query";
import type { ReactionsDto } from "@domain/schemas/analytics";
import { api } from "@/lib/api";
import { env } from "@/lib/env";
import { lessonsKeys } from "../lessons.keys";

/** `GET {analyticsBase}/reactions?content_id=`: the counts and the pupil's own reaction. */
export const reactionsQueryOptions = (contentId: number) =>
  queryOptions({
    queryKey: lessonsKeys.reactions(contentId),
    queryFn: async ({ signal }) => (await api<ReactionsDto>("/reactions", { base: env.analyticsBase, query: { content_id: contentId }, signal })).payload,
    staleTime: 60_000,
  });
