/** Query keys of the subjects feature (one factory: ["subjects", …]). */
export const subjectsKeys = {
  all: ["subjects"] as const,
  list: () => [...subjectsKeys.all, "list"] as const,
  chapters: (slug: string) => [...subjectsKeys.all, "chapters", slug] as const,
};
