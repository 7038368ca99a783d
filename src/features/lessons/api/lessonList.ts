import type { ViewerKind } from "../lessons.keys";
import { chapterLessonsQueryOptions } from "./getChapterLessons";
import { recordingLessonsQueryOptions } from "./getRecordingLessons";

/** The list query of a viewer kind. */
export const lessonListQueryOptions = (kind: ViewerKind, subject: string, chapter: string) =>
  kind === "recordings" ? recordingLessonsQueryOptions(subject, chapter) : chapterLessonsQueryOptions(subject, chapter);
