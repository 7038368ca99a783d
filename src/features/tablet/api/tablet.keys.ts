/** The class tablet's query keys (issue 23): its grid of pupils, per page and search; its class's kept chapters. */
export const tabletKeys = {
  all: ["tablet"] as const,
  pupils: (tabletId: number, page: number, q: string) => [...tabletKeys.all, "pupils", tabletId, page, q] as const,
  chapters: (tabletId: number) => [...tabletKeys.all, "chapters", tabletId] as const,
};
