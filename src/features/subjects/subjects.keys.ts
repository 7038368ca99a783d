import { subjectsListKey } from "@/lib/subjects";
import { keyRoots } from "@/lib/queryKeys";

/** Query keys of the subjects feature (one factory: ["subjects", …]). */
export const subjectsKeys = {
  all: keyRoots.subjects,
  /** Shared with the home (`src/lib/subjects.ts`): one query, one cache entry. */
  list: () => subjectsListKey,
  chapters: (slug: string) => [...subjectsKeys.all, "chapters", slug] as const,
  activity: (slug: string) => [...subjectsKeys.all, "activity", slug] as const,
};
