import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { notFound } from "@tanstack/react-router";
import { CACHE_TTL_MS } from "@domain/constants";
import type { SubjectChaptersDto } from "@domain/learning";
import { api, ApiRequestError } from "@/lib/api";
import { subjectsKeys } from "../subjects.keys";

/** `GET /student/subjects/{slug}/chapters`: the subject page (chapters, tabs, other subjects, promo cards). */
export const subjectChaptersQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: subjectsKeys.chapters(slug),
    queryFn: async ({ signal }) =>
      (await api<SubjectChaptersDto>(`/student/subjects/${encodeURIComponent(slug)}/chapters`, { signal })).payload,
    staleTime: CACHE_TTL_MS,
  });

/**
 * For the route loader: loads the subject page, and turns the API's 404 (unknown subject, or another class's)
 * and its 422 on a malformed slug into the router's not-found page.
 */
export async function ensureSubjectChapters(queryClient: QueryClient, slug: string): Promise<SubjectChaptersDto> {
  try {
    return await queryClient.ensureQueryData(subjectChaptersQueryOptions(slug));
  } catch (err) {
    if (err instanceof ApiRequestError && (err.status === 404 || (err.status === 422 && "slug" in err.errors))) throw notFound();
    throw err;
  }
}
