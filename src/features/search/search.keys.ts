/** Query keys of the search feature (one factory: ["search", …]). */
export const searchKeys = {
  all: ["search"] as const,
  autocomplete: (term: string) => [...searchKeys.all, "autocomplete", term] as const,
};
