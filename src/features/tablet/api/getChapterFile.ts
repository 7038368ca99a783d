import { apiBlob } from "@/lib/api";
import { tabletHeaders } from "@/lib/tablet";

/** `GET /tablet/chapter-file?path=/media/…` as the class tablet: a file of a chapter its class keeps (no pupil's token). */
export const fetchTabletChapterFile = (path: string, signal?: AbortSignal): Promise<Blob> =>
  apiBlob("/tablet/chapter-file", {
    anonymous: true,
    headers: tabletHeaders(),
    query: { path },
    signal,
  });
