import { UPLOAD_CHUNK_BYTES, type UploadStatusDto } from "@domain/exams";
import { api, ApiRequestError } from "@/lib/api";
import { env } from "@/lib/env";
import { getSession } from "@/lib/session";

/**
 * The resumable homework upload (server: routes/exams/create-upload, upload-chunk, upload-status):
 * `POST …/uploads` (name, size) → `PUT …/uploads/{id}?offset=N` chunks of 256 KiB → done when the offset reaches the
 * size. A failed chunk (connection lost, server away) waits — for the `online` event or a backoff of 1, 2, 4 … 15 s —
 * then asks the server for the stored offset and goes on from there: the pupil never starts again.
 */

export interface UploadProgress {
  sent: number;
  total: number;
  /** True while waiting for the connection to come back. */
  waiting: boolean;
}

const base = (examId: number) => `/student/content-exam/${examId}/uploads`;

export async function createUpload(examId: number, name: string, size: number): Promise<UploadStatusDto> {
  return (await api<UploadStatusDto>(base(examId), { method: "POST", body: { name, size } })).payload;
}

export async function uploadStatus(examId: number, id: string): Promise<UploadStatusDto> {
  return (await api<UploadStatusDto>(`${base(examId)}/${id}`)).payload;
}

async function putChunk(examId: number, id: string, offset: number, chunk: Blob, signal?: AbortSignal): Promise<UploadStatusDto> {
  const session = getSession();
  let res: Response;
  try {
    res = await fetch(`${env.apiBase}${base(examId)}/${id}?offset=${offset}`, {
      method: "PUT",
      headers: { "Content-Type": "application/octet-stream", Accept: "application/json", ...(session ? { Authorization: `Bearer ${session.token}` } : {}) },
      body: chunk,
      signal,
    });
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw new ApiRequestError(0, "network_error", "Network error");
  }
  const json = (await res.json().catch(() => null)) as { payload?: UploadStatusDto; code?: string; message?: string; errors?: Record<string, string[]> } | null;
  if (!res.ok) throw new ApiRequestError(res.status, (json?.code as never) ?? "server_error", json?.message ?? `Server error ${res.status}`, json?.errors ?? {});
  return json!.payload!;
}

/** Resolves after `ms`, or at once when the device comes back online, or rejects when aborted. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener("online", done);
      signal?.removeEventListener("abort", abort);
      resolve();
    };
    const abort = () => {
      clearTimeout(timer);
      window.removeEventListener("online", done);
      reject(new DOMException("Aborted", "AbortError"));
    };
    const timer = setTimeout(done, ms);
    window.addEventListener("online", done);
    signal?.addEventListener("abort", abort);
  });
}

/** Errors worth retrying: the network, the server away (5xx), a rate limit, or an offset to ask again. */
const retryable = (err: unknown) =>
  err instanceof ApiRequestError && (err.isNetwork || err.status >= 500 || err.status === 429 || err.code === "validation_failed" || Boolean(err.errors.offset));

/** Uploads `blob` as `name`, resuming through lost connections; answers the finished upload (with its file). */
export async function uploadResumably(
  examId: number,
  blob: Blob,
  name: string,
  onProgress: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<UploadStatusDto> {
  let status: UploadStatusDto | null = null;
  let delay = 1000;
  for (;;) {
    try {
      status ??= await createUpload(examId, name, blob.size);
      break;
    } catch (err) {
      if (!(err instanceof ApiRequestError && err.isNetwork)) throw err;
      onProgress({ sent: 0, total: blob.size, waiting: true });
      await pause(delay, signal);
      delay = Math.min(delay * 2, 15_000);
    }
  }
  let offset = status.offset;
  delay = 1000;
  while (!status.complete) {
    onProgress({ sent: offset, total: blob.size, waiting: false });
    try {
      status = await putChunk(examId, status.id, offset, blob.slice(offset, Math.min(offset + UPLOAD_CHUNK_BYTES, blob.size)), signal);
      offset = status.offset;
      delay = 1000;
    } catch (err) {
      if ((err as Error).name === "AbortError" || !retryable(err)) throw err;
      onProgress({ sent: offset, total: blob.size, waiting: true });
      await pause(delay, signal);
      delay = Math.min(delay * 2, 15_000);
      // Where the server stands (it keeps what reached it before the cut).
      try {
        status = await uploadStatus(examId, status.id);
        offset = status.offset;
      } catch (e) {
        if (!retryable(e)) throw e;
      }
    }
  }
  onProgress({ sent: blob.size, total: blob.size, waiting: false });
  return status;
}
