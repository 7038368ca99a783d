import { queryOptions } from "@tanstack/react-query";
import { CACHE_TTL_MS } from "@domain/constants";
import type { SubjectDto } from "@domain/learning";
import { api } from "@/lib/api";
import { subjectsKeys } from "../subjects.keys";

/** `GET /student/subjects`: the pupil's subjects, by position (kept 3 h, SPEC §9). */
export const subjectsQueryOptions = () =>
  queryOptions({
    queryKey: subjectsKeys.list(),
    queryFn: async ({ signal }) => {
      const subjects = (await api<SubjectDto[]>("/student/subjects", { signal })).payload;
      return [...subjects].filter((s) => s.visible !== false).sort((a, b) => a.position - b.position);
    },
    staleTime: CACHE_TTL_MS,
  });
