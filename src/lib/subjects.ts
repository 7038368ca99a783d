import { queryOptions } from "@tanstack/react-query";
import { CACHE_TTL_MS } from "@domain/constants";
import type { SubjectDto } from "@domain/learning";
import { api } from "./api";
import { keyRoots } from "./queryKeys";

/**
 * The pupil's subjects are shared by the subjects feature (lists, side cards) and the home (progress widget): one query,
 * one cache entry. The key is the subjects feature's `subjectsKeys.list()`.
 */
export const subjectsListKey = [...keyRoots.subjects, "list"] as const;

/** `GET /student/subjects`: the pupil's subjects, by position, with progress capped at 100 (kept 3 h, SPEC §9). */
export const subjectsQueryOptions = () =>
  queryOptions({
    queryKey: subjectsListKey,
    queryFn: async ({ signal }) => {
      const subjects = (await api<SubjectDto[]>("/student/subjects", { signal })).payload;
      return [...subjects].filter((s) => s.visible !== false).sort((a, b) => a.position - b.position);
    },
    staleTime: CACHE_TTL_MS,
  });
