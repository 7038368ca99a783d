/** Query keys of the lessons feature (one factory: ["lessons", …]). */
export const lessonsKeys = {
  all: ["lessons"] as const,
  lesson: (subject: string, chapter: string, lesson: string) => [...lessonsKeys.all, "lesson", subject, chapter, lesson] as const,
  /** A chapter's lesson list: "lessons" (course, exam, divers chapters) or "recordings" (recording chapters). */
  list: (kind: ViewerKind, subject: string, chapter: string) => [...lessonsKeys.all, "list", kind, subject, chapter] as const,
  reportReasons: () => [...lessonsKeys.all, "report-reasons"] as const,
};

/** Which viewer: /…/lessons/{lesson}/content or /…/recordings/{recording}/content. */
export type ViewerKind = "lessons" | "recordings";
