import { useEffect, useSyncExternalStore } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { CONTENT_TYPE, type LessonDto } from "@domain/learning";
import type { OfflineManifestDto } from "@domain/offline";
import {
  chapterKeepState,
  downloadedClassChapters,
  fetchOfflineManifest,
  keepChapter,
  keptVersion,
  lessonOfflineState,
  pruneKept,
  subscribeKept,
  type ChapterKeepState,
  type KeptChapter,
  type LessonOfflineState,
} from "@/lib/offline/keep";
import { currentUserId } from "@/lib/offline/user";
import { lessonQueryOptions } from "../api/getLesson";
import { lessonListQueryOptions } from "../api/lessonList";
import type { ViewerKind } from "../lessons.keys";

/** The /media files a lesson's answer points to (signed URLs of this session): video, magazine pages, attachments. */
function lessonFileUrls(lesson: LessonDto): string[] {
  const urls: string[] = [];
  const isFile = (u: string | undefined | null): u is string => typeof u === "string" && u.startsWith("/media/");
  if ((lesson.type.id === CONTENT_TYPE.protectedVideo.id || lesson.type.id === CONTENT_TYPE.recording.id) && isFile(lesson.content_videos?.url)) {
    urls.push(lesson.content_videos.url);
  }
  for (const p of lesson.pages ?? []) if (isFile(p.url)) urls.push(p.url);
  for (const a of lesson.attachments) if (isFile(a.url)) urls.push(a.url);
  return urls;
}

/**
 * Keeps the chapter of `manifest` for offline study: the chapter's lesson list and each keepable lesson through the
 * app's own queries (fresh answers, so fresh signatures; kept on the device by the persisted query cache, where those
 * queries never leave memory), then the files (`@/lib/offline/keep`).
 */
export function keepChapterForOffline(queryClient: QueryClient, kind: ViewerKind, manifest: OfflineManifestDto, options: { forClass?: boolean } = {}): Promise<KeptChapter> {
  const userId = currentUserId();
  if (userId === null) return Promise.reject(new Error("signed out"));
  const { subject, chapter } = manifest;
  return keepChapter({
    userId,
    manifest,
    forClass: options.forClass,
    loadLessons: async (slugs) => {
      await queryClient.fetchQuery({ ...lessonListQueryOptions(kind, subject, chapter), staleTime: 0 });
      return Promise.all(
        slugs.map(async (slug) => ({ slug, urls: lessonFileUrls(await queryClient.fetchQuery({ ...lessonQueryOptions(subject, chapter, slug), staleTime: 0 })) })),
      );
    },
  });
}

let pruned = false;

/** Re-renders when what is kept changes; the first use also drops other pupils' kept files and evicted records. */
function useKeptVersion(): number {
  useEffect(() => {
    if (pruned) return;
    pruned = true;
    const userId = currentUserId();
    if (userId !== null) void pruneKept(userId).catch(() => undefined);
  }, []);
  return useSyncExternalStore(subscribeKept, keptVersion, keptVersion);
}

export function useChapterKeepState(subject: string, chapter: string): ChapterKeepState {
  useKeptVersion();
  return chapterKeepState(currentUserId(), subject, chapter);
}

/** "device" only when the chapter is kept AND the lesson's answer is on the device (a new build drops the saved answers). */
export function useLessonOfflineState(subject: string, chapter: string, lesson: string): LessonOfflineState {
  useKeptVersion();
  const queryClient = useQueryClient();
  const state = lessonOfflineState(currentUserId(), subject, chapter, lesson);
  if (state === "device" && queryClient.getQueryData(lessonQueryOptions(subject, chapter, lesson).queryKey) === undefined) return "connection";
  return state;
}

/**
 * A kept chapter whose answers are no longer on the device (an update of the app drops the saved answers; the files
 * stay) gets them again, quietly, when there is a connection.
 */
export function useHealKeptChapter(kind: ViewerKind, kept: KeptChapter | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!kept || navigator.onLine === false) return;
    const { subject, chapter } = kept;
    const missing = Object.entries(kept.lessons)
      .filter(([slug, a]) => a === "keepable" && queryClient.getQueryData(lessonQueryOptions(subject, chapter, slug).queryKey) === undefined)
      .map(([slug]) => slug);
    const list = lessonListQueryOptions(kind, subject, chapter);
    if (missing.length === 0 && queryClient.getQueryData(list.queryKey) !== undefined) return;
    void queryClient.prefetchQuery(list);
    for (const slug of missing) void queryClient.prefetchQuery(lessonQueryOptions(subject, chapter, slug));
  }, [queryClient, kind, kept]);
}

/**
 * On a class tablet (issue 23 item 6), the pupil who signs in gets the chapters their class keeps as theirs offline:
 * their own manifest (what THEY may open: a locked lesson stays locked), their own lessons' answers through the app's
 * queries (kept per pupil, wiped at the switch), and the files from the tablet's shared cache — nothing downloaded
 * twice. Online only; a chapter that fails now (network, nothing open to this pupil) is tried at the next sign-in.
 */
export async function adoptClassChapters(queryClient: QueryClient, tabletId: number): Promise<number> {
  const userId = currentUserId();
  if (userId === null || navigator.onLine === false) return 0;
  let adopted = 0;
  for (const c of downloadedClassChapters(tabletId)) {
    if (currentUserId() !== userId) break;
    if (chapterKeepState(userId, c.subject, c.chapter).status !== "none") continue;
    try {
      const manifest = await fetchOfflineManifest(c.subject, c.chapter);
      if (currentUserId() !== userId || !manifest.lessons.some((l) => l.availability === "keepable")) continue;
      await keepChapterForOffline(queryClient, c.type === "recording" ? "recordings" : "lessons", manifest, { forClass: true });
      adopted += 1;
    } catch (e) {
      console.warn("class chapter not kept for the pupil", c.id, e);
    }
  }
  return adopted;
}
