/**
 * Homework kept on the device until the server has it (issue 23 item 4): the files of a "send" (the merged PDF of the
 * photos, the other files) are stored first, then go up through the resumable upload — `POST …/uploads` with the
 * file's client key (`upload_key`), `PUT …/uploads/{id}?offset=N` chunks at the stored offset, `GET …/uploads/{id}`
 * for where it stands — and leave the device once the server says the upload is complete. A crash in between replays
 * the create with the same key, which answers the same upload (resumed, or complete): the server keeps one file.
 *
 * Sent by the outbox's sync (now, on reconnection, at start, at the pupil's sign-in), only under the owner's token, by
 * one tab at a time (Web Locks, a lock of its own so that a long upload does not hold back progress posts). React-free
 * and free of page globals, like the outbox.
 */
import { UPLOAD_CHUNK_BYTES, type UploadStatusDto } from "@domain/exams";
import { type ApiRequestError, errorOfAnswer, isLostAnswer, isRefusedForNow, isSessionEnded, networkError, readJson } from "../../api/envelope";
import { getDb, type HomeworkItem } from "./db";
import { MAX_SERVER_TRIES, announce } from "./outbox";

const HOMEWORK_LOCK = "darsi-homework";

export interface HomeworkFile {
  name: string;
  blob: Blob;
}

/** Stores the files of one "send" for `userId` (one transaction: all or none); resolves once they are on the device. */
export async function queueHomework(userId: number, examId: number, url: string, files: HomeworkFile[], now = Date.now()): Promise<number[]> {
  const db = getDb();
  const rows: HomeworkItem[] = files.map((f) => ({ userId, examId, url, name: f.name, blob: f.blob, key: crypto.randomUUID(), createdAt: now, tries: 0 }));
  const ids = await db.transaction("rw", db.homework, () => db.homework.bulkAdd(rows, { allKeys: true }));
  announce();
  return ids as number[];
}

/** The user's homework rows (waiting or refused), oldest first; of one exam when given. */
export async function homeworkOf(userId: number, examId?: number): Promise<HomeworkItem[]> {
  const db = getDb();
  const rows = examId === undefined ? db.homework.where("userId").equals(userId) : db.homework.where("[userId+examId]").equals([userId, examId]);
  return rows.sortBy("id");
}

/**
 * Removes a row of the user's: a waiting file the pupil cancelled, or a refusal they have read. A file whose upload is
 * running goes too; its bytes already on the server stay an unfinished upload, swept after the exam's grace.
 */
export async function forgetHomework(userId: number, id: number): Promise<void> {
  const db = getDb();
  await db.transaction("rw", db.homework, async () => {
    if ((await db.homework.get(id))?.userId === userId) await db.homework.delete(id);
  });
  announce();
}

export interface HomeworkProgress {
  id: number;
  sent: number;
  total: number;
}

export interface HomeworkReport {
  delivered: HomeworkItem[];
  /** Refused for good by the server: their bytes dropped, their rows kept (with `refused`) to tell the pupil. */
  refused: HomeworkItem[];
  stoppedBy: "network" | "server" | "auth" | "aborted" | null;
  /** Files of this user still waiting (not refused). */
  remaining: number;
}

export interface HomeworkFlushContext {
  userId: number;
  token: string;
  fetchImpl?: typeof fetch;
  onProgress?: (p: HomeworkProgress) => void;
  signal?: AbortSignal;
}

type Outcome = { kind: "ok" } | { kind: "network" } | { kind: "server"; status: number } | { kind: "auth" } | { kind: "aborted" } | { kind: "refused"; error: ApiRequestError };

class Stop extends Error {
  constructor(readonly outcome: Outcome) {
    super(outcome.kind);
  }
}

function outcomeOf(error: ApiRequestError): Outcome {
  if (error.isNetwork) return { kind: "network" };
  if (isSessionEnded(error)) return { kind: "auth" };
  if (isLostAnswer(error) || isRefusedForNow(error)) return { kind: "server", status: error.status };
  return { kind: "refused", error };
}

/** The server's answer to a call, as a stop. */
class ApiErrorStop extends Stop {
  constructor(readonly error: ApiRequestError) {
    super(outcomeOf(error));
  }
}

/** A chunk the server did not take at that offset (another attempt moved it, or it was cut): ask where it stands. */
const offsetMoved = (e: ApiRequestError) => Boolean(e.errors.offset) || e.code === "validation_failed";

/** One call of the upload protocol: its payload, or a `Stop` (network, server, auth, abort, refusal). */
async function call(fetchImpl: typeof fetch, token: string, url: string, init: { method: string; body?: BodyInit; json?: unknown; signal?: AbortSignal }): Promise<UploadStatusDto> {
  const headers: Record<string, string> = { Accept: "application/json", Authorization: `Bearer ${token}` };
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  if (init.body !== undefined) headers["Content-Type"] = "application/octet-stream";
  let res: Response;
  try {
    res = await fetchImpl(url, { method: init.method, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body, signal: init.signal });
  } catch (err) {
    if ((err as Error).name === "AbortError") throw new Stop({ kind: "aborted" });
    throw new Stop(outcomeOf(networkError()));
  }
  const json = await readJson(res);
  if (!res.ok) throw new ApiErrorStop(errorOfAnswer(res, json));
  const payload = (json as { payload?: UploadStatusDto } | null)?.payload;
  if (!payload) throw new Stop(outcomeOf(networkError())); // a 2xx that is not the API's answer (a captive portal)
  return payload;
}

/** The resumable upload of one file, from wherever the server stands (a known key answers its upload). */
async function upload(item: HomeworkItem, ctx: HomeworkFlushContext, fetchImpl: typeof fetch): Promise<void> {
  const total = item.blob.size;
  const report = (sent: number) => ctx.onProgress?.({ id: item.id!, sent, total });
  report(0);
  let status = await call(fetchImpl, ctx.token, item.url, { method: "POST", json: { name: item.name, size: total, upload_key: item.key }, signal: ctx.signal });
  let moved = 0;
  while (!status.complete) {
    report(status.offset);
    const at = `${item.url}/${status.id}`;
    try {
      const chunk = item.blob.slice(status.offset, Math.min(status.offset + UPLOAD_CHUNK_BYTES, total));
      status = await call(fetchImpl, ctx.token, `${at}?offset=${status.offset}`, { method: "PUT", body: chunk, signal: ctx.signal });
      moved = 0;
    } catch (err) {
      if (!(err instanceof ApiErrorStop) || !offsetMoved(err.error) || ++moved > 3) throw err;
      status = await call(fetchImpl, ctx.token, at, { method: "GET", signal: ctx.signal });
    }
  }
  report(total);
}

function withLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  return locks ? (locks.request(HOMEWORK_LOCK, fn) as Promise<T>) : fn();
}

/**
 * Sends the user's waiting homework files, oldest first; stops at the first that cannot go now (offline, server
 * error, expired token, abort). A file the server refuses for good (the exam's time was over when it arrived…) loses
 * its bytes and keeps its row, marked `refused`, for the exam's page to say so.
 */
export function flushHomework(ctx: HomeworkFlushContext): Promise<HomeworkReport> {
  const fetchImpl = ctx.fetchImpl ?? globalThis.fetch.bind(globalThis);
  return withLock(async () => {
    const db = getDb();
    const report: HomeworkReport = { delivered: [], refused: [], stoppedBy: null, remaining: 0 };
    const waiting = (await homeworkOf(ctx.userId)).filter((r) => !r.refused);
    for (const item of waiting) {
      // Cancelled by the pupil while an earlier file was going up.
      if (!(await db.homework.get(item.id!))) continue;
      let outcome: Outcome;
      try {
        await upload(item, ctx, fetchImpl);
        outcome = { kind: "ok" };
      } catch (err) {
        if (!(err instanceof Stop)) throw err;
        outcome = err.outcome;
      }
      if (outcome.kind === "ok") {
        await db.homework.delete(item.id!);
        report.delivered.push(item);
        continue;
      }
      if (outcome.kind === "refused") {
        const refused = { status: outcome.error.status, code: outcome.error.code };
        await db.homework.update(item.id!, { refused, blob: new Blob([]) });
        report.refused.push({ ...item, refused });
        continue;
      }
      if (outcome.kind === "server") {
        const tries = outcome.status === 503 ? item.tries : item.tries + 1;
        if (tries >= MAX_SERVER_TRIES) {
          const refused = { status: outcome.status, code: "server_error" };
          await db.homework.update(item.id!, { refused, blob: new Blob([]) });
          report.refused.push({ ...item, refused });
          continue;
        }
        await db.homework.update(item.id!, { tries });
      }
      report.stoppedBy = outcome.kind;
      break;
    }
    report.remaining = (await homeworkOf(ctx.userId)).filter((r) => !r.refused).length;
    if (report.delivered.length > 0 || report.refused.length > 0) announce();
    return report;
  });
}
