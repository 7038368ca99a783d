import { queryOptions } from "@tanstack/react-query";
import type { TabletChapterDto } from "@domain/tablet";
import { api } from "@/lib/api";
import { tabletHeaders } from "@/lib/tablet";
import { tabletKeys } from "./tablet.keys";

/**
 * `GET /tablet/chapters` as the class tablet (its device credential): the chapters its class keeps offline, each with
 * its media files and their sizes. Not kept by the persisted cache (a tablet query, no pupil's): the device's own
 * record of the shared chapters (`@/lib/offline/keep`) is what shows offline.
 */
export const tabletChaptersQueryOptions = (tabletId: number) =>
  queryOptions({
    queryKey: tabletKeys.chapters(tabletId),
    queryFn: async ({ signal }) =>
      (
        await api<TabletChapterDto[]>("/tablet/chapters", {
          anonymous: true,
          headers: tabletHeaders(),
          signal,
        })
      ).payload,
    staleTime: 60_000,
    retry: false,
  });
