import { keyRoots, lessonListsKey } from "@/lib/queryKeys";
/** Query keys of the lessons feature (one factory: ["lessons", …]). */
export const lessonsKeys = {
  all: keyRoots.lessons,
  lesson: (subject: string, chapter: string, lesson: string) => [...lessonsKeys.all, "lesson", subject, chapter, lesson] as const,
  /** A chapter's lesson list: "lessons" (course, exam, divers chapters) or "recordings" (recording chapters). */
  list: (kind: ViewerKind, subject: string, chapter: string) => [...lessonListsKey, kind, subject, chapter] as const,
  reportReasons: () => [...lessonsKeys.all, "report-reasons"] as const,
  /** A quiz of the quiz service (questions and choices, no answers). */
  quiz: (quizId: number) => [...lessonsKeys.all, "quiz", quizId] as const,
  /** Reaction counts of a lesson and the pupil's own reaction (analytics service). */
  reactions: (contentId: number) => [...lessonsKeys.all, "reactions", contentId] as const,
  /** What keeping a chapter on the device would download (never kept: asked again each time). */
  offlineManifest: (subject: string, chapter: string) => [...lessonsKeys.all, "offline-manifest", subject, chapter] as const,
  /** Whether the device has room for that many bytes. */
  offlineStorage: (bytes: number | undefined) => [...lessonsKeys.all, "offline-storage", bytes] as const,
};

/** Which viewer: /…/lessons/{lesson}/content or /…/recordings/{recording}/content. */
export type ViewerKind = "lessons" | "recordings";
