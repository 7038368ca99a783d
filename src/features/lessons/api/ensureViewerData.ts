import type { QueryClient } from "@tanstack/react-query";
import { notFound } from "@tanstack/react-router";
import { ApiRequestError } from "@/lib/api";
import type { ViewerKind } from "../lessons.keys";
import { lessonQueryOptions } from "./getLesson";
import { lessonListQueryOptions } from "./lessonList";

export interface ViewerParams {
  kind: ViewerKind;
  subject: string;
  chapter: string;
  lesson: string;
}

/**
 * The viewer's route loader: the lesson and its chapter's list, in parallel. The API's 404 (unknown or another
 * class's lesson) and its 422 on a malformed slug become the router's not-found page.
 */
export async function ensureViewerData(queryClient: QueryClient, p: ViewerParams): Promise<void> {
  try {
    await Promise.all([
      queryClient.ensureQueryData(lessonQueryOptions(p.subject, p.chapter, p.lesson)),
      queryClient.ensureQueryData(lessonListQueryOptions(p.kind, p.subject, p.chapter)),
    ]);
  } catch (err) {
    if (err instanceof ApiRequestError && (err.status === 404 || err.status === 422)) throw notFound();
    throw err;
  }
}
