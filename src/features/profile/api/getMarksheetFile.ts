import { apiBlob } from "@/lib/api";

/** A report card's file (PDF or photo), private to the pupil: fetched with the bearer token, never by a bare URL. */
export function getMarksheetFile(path: string, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(path, { signal });
}
