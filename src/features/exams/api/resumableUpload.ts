import { UPLOAD_CHUNK_BYTES, type UploadStatusDto } from "@domain/exams";
import { api, ApiRequestError, isLostAnswer, isRefusedForNow } from "@/lib/api";

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

async function createUpload(examId: number, name: string, size: number): Promise<UploadStatusDto> {
  return (await api<UploadStatusDto>(base(examId), { method: "POST", body: { name, size } })).payload;
}

async function uploadStatus(examId: number, id: string): Promise<UploadStatusDto> {
  return (await api<UploadStatusDto>(`${base(examId)}/${id}`)).payload;
}

/** One chunk, its bytes as the body at `offset` (the server answers where the upload now stands). */
async function putChunk(examId: number, id: string, offset: number, chunk: Blob, signal?: AbortSignal): Promise<UploadStatusDto> {
  const path = `${base(examId)}/${id}`;
  return (await api<UploadStatusDto>(path, { method: "PUT", query: { offset }, raw: chunk, contentType: "application/octet-stream", signal })).payload;
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

/**
 * Errors worth retrying: a lost answer (the network, the server away), a refusal for now (rate limit), or a chunk the
 * server did not take whole or at that offset (then the stored offset is asked again).
 */
const retryable = (err: unknown) =>
  isLostAnswer(err) || isRefusedForNow(err) || (err instanceof ApiRequestError && (err.code === "validation_failed" || Boolean(err.errors.offset)));

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
