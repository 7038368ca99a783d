/**
 * Homework uploads (issue 10): the resumable protocol (create → chunks at the stored offset → complete), the plain
 * multipart upload of SPEC §7, and deletion. Content is checked by magic bytes against the name's extension; sizes are
 * limited; files live in the file store (server/lib/storage.ts, storage.ts here), the same for every server process.
 * A chunk is kept as a part of its own in the store, whichever process receives it, and the bytes that arrived count
 * even when the connection drops, so the client resumes from the stored offset. The offset lives in the database: a
 * chunk's part is written and the offset moved under a lock of the upload's row, so two processes never both take the
 * same offset; the process that takes the last chunk joins the parts into the file. Chunks are taken until the pupil's deadline plus the grace period, for uploads created before the deadline.
 * The ten-files limit is held in the transaction that keeps a file, under a lock of the pupil's start of the exam
 * (`withRoom`), whatever number of uploads arrive at once.
 */
import { randomUUID } from "node:crypto";
import { and, count, eq, inArray, isNull, lt } from "drizzle-orm";
import {
  contentMatchesName,
  HOMEWORK_MAX_BYTES,
  HOMEWORK_MAX_FILES,
  isSafeFileName,
  KIND_OF_EXTENSION,
  UPLOAD_CHUNK_MAX_BYTES,
  UPLOAD_GRACE_MS,
  uploadExtension,
  type ExamFileDto,
  type UploadStatusDto,
} from "../../../domain/exams";
import { MIME_OF_KIND, SNIFF_BYTES, sniffKind } from "../../../domain/files";
import type { Db, Tx } from "../../db/client";
import { examHomeworkFiles, examStarts, examUploads } from "../../db/schema";
import type { AuthInfo } from "../../lib/auth";
import type { Deps } from "../../lib/deps";
import { AppError, fieldError, notFound } from "../../lib/errors";
import { homeworkFiles, loadExam } from "./exams";
import { collectChunk, joinParts, partKey, removeParts, removeUploadObjects } from "./storage";

type Exam = Awaited<ReturnType<typeof loadExam>>;

/** Homework is taken only while the exam is started and the pupil's time not over. */
function assertOpenForHomework(exam: Exam, now: Date): Date {
  if (exam.startedAt === null || exam.deadline === null) throw new AppError(409, "exam_not_started");
  if (now >= exam.deadline) throw new AppError(409, "exam_duration_finished");
  return exam.deadline;
}

const tooManyFiles = () => new AppError(409, "homework_too_many_files");

async function filesOf(db: Db | Tx, userId: number, examId: number): Promise<number> {
  const [files] = await db.select({ n: count() }).from(examHomeworkFiles).where(and(eq(examHomeworkFiles.examId, examId), eq(examHomeworkFiles.userId, userId)));
  return files?.n ?? 0;
}

/** An early answer before any byte is taken; the limit itself is held by `withRoom`. */
async function assertRoom(deps: Deps, auth: AuthInfo, examId: number, adding: number): Promise<void> {
  if ((await filesOf(deps.db, auth.userId, examId)) + adding > HOMEWORK_MAX_FILES) throw tooManyFiles();
}

/**
 * Adds homework files under the HOMEWORK_MAX_FILES limit, in one transaction that first locks the pupil's start of the
 * exam (the row every homework needs): concurrent uploads of the same pupil and exam — plain or resumable — count and
 * insert one after the other, so 20 at once keep 10. 409 `homework_too_many_files` when `adding` does not fit.
 */
async function withRoom<T>(deps: Deps, userId: number, examId: number, adding: number, insert: (tx: Tx) => Promise<T>): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const [start] = await tx
      .select({ examId: examStarts.examId })
      .from(examStarts)
      .where(and(eq(examStarts.examId, examId), eq(examStarts.userId, userId)))
      .for("update");
    if (!start) throw new AppError(409, "exam_not_started");
    if ((await filesOf(tx, userId, examId)) + adding > HOMEWORK_MAX_FILES) throw tooManyFiles();
    return insert(tx);
  });
}

const keyFor = (examId: number, userId: number, id: string) => `exams/${examId}/${userId}/${id}`;

function fileDto(deps: Deps, auth: AuthInfo, f: typeof examHomeworkFiles.$inferSelect, signed: ExamFileDto[]): ExamFileDto {
  return signed.find((s) => s.id === f.id) ?? { id: f.id, name: f.name, size: f.size, mime: f.mime, url: null, created_at: f.createdAt.toISOString() };
}

async function statusOf(deps: Deps, auth: AuthInfo, u: typeof examUploads.$inferSelect): Promise<UploadStatusDto> {
  let file: ExamFileDto | null = null;
  if (u.fileId !== null) {
    const [f] = await deps.db.select().from(examHomeworkFiles).where(eq(examHomeworkFiles.id, u.fileId)).limit(1);
    if (f) file = fileDto(deps, auth, f, await homeworkFiles(deps, auth, u.examId));
  }
  return { id: u.id, name: u.name, size: u.size, offset: u.received, complete: u.fileId !== null, file, acceptUntil: u.acceptUntil.toISOString() };
}

/**
 * Abandoned uploads (never finished, no longer taken), anyone's: their rows and bytes go, a hundred at a time; returns
 * how many. The housekeeping job runs it (services/housekeeping/jobs.ts).
 */
export async function dropAbandonedUploads(deps: Pick<Deps, "db" | "files" | "now">): Promise<number> {
  let dropped = 0;
  for (;;) {
    const due = deps.db
      .select({ id: examUploads.id })
      .from(examUploads)
      .where(and(isNull(examUploads.fileId), lt(examUploads.acceptUntil, deps.now())))
      .limit(100);
    const stale = await deps.db.delete(examUploads).where(inArray(examUploads.id, due)).returning({ storageKey: examUploads.storageKey });
    for (const u of stale) await removeUploadObjects(deps.files, u.storageKey);
    dropped += stale.length;
    if (stale.length < 100) return dropped;
  }
}

/**
 * Creates an upload (name, size) for a started exam before the deadline; 201 with offset 0. With the client's
 * `upload_key`, a create whose key this pupil already used on this exam answers that upload as it stands (resumed, or
 * complete with its file) — at any time, even after the deadline: the upload itself was created before it. Only a
 * create that would make a new upload is held to the deadline (the server's clock; the client's is never asked), so a
 * homework kept on the device that reaches the server after the end is refused (409 `exam_duration_finished`).
 * The same key with another name or size is 409 `idempotency_conflict`.
 */
export async function createUpload(deps: Deps, auth: AuthInfo, examId: number, input: { name: string; size: number; upload_key?: string }): Promise<UploadStatusDto> {
  const exam = await loadExam(deps, auth, examId);
  const key = input.upload_key ?? null;
  const known = key === null ? null : await uploadOfKey(deps, auth.userId, examId, key);
  if (known) return statusOfKnown(deps, auth, known, input);
  const now = deps.now();
  const deadline = assertOpenForHomework(exam, now);
  await assertRoom(deps, auth, examId, 1);
  const id = randomUUID();
  const storageKey = keyFor(examId, auth.userId, id);
  const [u] = await deps.db
    .insert(examUploads)
    .values({ id, examId, userId: auth.userId, name: input.name, size: input.size, storageKey, createdAt: now, acceptUntil: new Date(deadline.getTime() + UPLOAD_GRACE_MS), clientKey: key })
    .onConflictDoNothing({ target: [examUploads.examId, examUploads.userId, examUploads.clientKey] })
    .returning();
  if (u) return statusOf(deps, auth, u);
  // Two creates with one key at once: the other one made it.
  const other = await uploadOfKey(deps, auth.userId, examId, key!);
  if (!other) throw new AppError(409, "conflict");
  return statusOfKnown(deps, auth, other, input);
}

async function uploadOfKey(deps: Deps, userId: number, examId: number, key: string) {
  const [u] = await deps.db
    .select()
    .from(examUploads)
    .where(and(eq(examUploads.examId, examId), eq(examUploads.userId, userId), eq(examUploads.clientKey, key)))
    .limit(1);
  return u ?? null;
}

function statusOfKnown(deps: Deps, auth: AuthInfo, u: typeof examUploads.$inferSelect, input: { name: string; size: number }): Promise<UploadStatusDto> {
  if (u.name !== input.name || u.size !== input.size) throw new AppError(409, "idempotency_conflict");
  return statusOf(deps, auth, u);
}

async function loadUpload(deps: Deps, auth: AuthInfo, examId: number, uploadId: string) {
  await loadExam(deps, auth, examId);
  const [u] = await deps.db
    .select()
    .from(examUploads)
    .where(and(eq(examUploads.id, uploadId), eq(examUploads.examId, examId), eq(examUploads.userId, auth.userId)))
    .limit(1);
  if (!u) throw notFound();
  return u;
}

export async function uploadStatus(deps: Deps, auth: AuthInfo, examId: number, uploadId: string): Promise<UploadStatusDto> {
  return statusOf(deps, auth, await loadUpload(deps, auth, examId, uploadId));
}

/**
 * Writes one chunk at `offset` (which must be the stored offset: 409 upload_offset_mismatch otherwise, and the client
 * asks for the offset again). The last chunk completes the upload: the content is checked against the name (422
 * file_type_invalid, the upload is then dropped) and becomes a homework file.
 */
export async function writeChunk(deps: Deps, auth: AuthInfo, examId: number, uploadId: string, offset: number, body: ReadableStream<Uint8Array> | null): Promise<UploadStatusDto> {
  const u = await loadUpload(deps, auth, examId, uploadId);
  if (u.fileId !== null) return statusOf(deps, auth, u);
  if (deps.now() >= u.acceptUntil) throw new AppError(409, "homework_upload_closed");
  if (offset !== u.received) throw fieldError(422, "offset", "upload_offset_mismatch");
  const ext = uploadExtension(u.name);
  const expected = ext ? KIND_OF_EXTENSION[ext] : null;
  const max = Math.min(u.size - offset, UPLOAD_CHUNK_MAX_BYTES);
  // The first bytes of the file are checked as they arrive: a wrong kind is refused before anything is kept.
  const check = offset === 0 && expected !== "svg" ? (head: Uint8Array) => {
    if (sniffKind(head) !== expected) throw new AppError(422, "file_type_invalid", { contentFiles: ["file_type_invalid"] });
  } : undefined;
  let result: { bytes: Uint8Array; error: unknown };
  try {
    result = await collectChunk(body, max, check);
  } catch (err) {
    if (err instanceof AppError && err.code === "file_type_invalid") {
      await dropUpload(deps, u);
      throw err;
    }
    throw err;
  }
  // The row is locked while the part is written: a chunk for the same offset on another process waits, then finds the
  // offset moved (422 upload_offset_mismatch). A part whose commit fails is written again by the retry (same key).
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(examUploads).where(eq(examUploads.id, u.id)).for("update");
    if (!row || row.received !== offset || row.fileId !== null) return null;
    if (result.bytes.byteLength > 0) await deps.files.put(partKey(u.storageKey, offset), result.bytes);
    const [moved] = await tx.update(examUploads).set({ received: offset + result.bytes.byteLength }).where(eq(examUploads.id, u.id)).returning();
    return moved ?? null;
  });
  if (!updated) throw fieldError(422, "offset", "upload_offset_mismatch");
  if (result.error) throw result.error instanceof AppError ? result.error : new AppError(400, "validation_failed", { _: ["upload_incomplete"] }, "The chunk was cut short");
  if (updated.received < updated.size) return statusOf(deps, auth, updated);
  return completeUpload(deps, auth, updated);
}

async function dropUpload(deps: Deps, u: typeof examUploads.$inferSelect): Promise<void> {
  await deps.db.delete(examUploads).where(eq(examUploads.id, u.id));
  await removeUploadObjects(deps.files, u.storageKey);
}

async function completeUpload(deps: Deps, auth: AuthInfo, u: typeof examUploads.$inferSelect): Promise<UploadStatusDto> {
  const bytes = await joinParts(deps.files, u.storageKey, u.size);
  if (!bytes) {
    // The parts do not make the file (a part lost from the store): the pupil sends it again.
    await dropUpload(deps, u);
    throw new AppError(400, "validation_failed", { _: ["upload_incomplete"] }, "The upload's parts are incomplete");
  }
  const head = bytes.subarray(0, SNIFF_BYTES);
  if (!contentMatchesName(u.name, head)) {
    await dropUpload(deps, u);
    throw new AppError(422, "file_type_invalid", { contentFiles: ["file_type_invalid"] });
  }
  const kind = sniffKind(head)!;
  await deps.files.put(u.storageKey, bytes, MIME_OF_KIND[kind]);
  let done: typeof examUploads.$inferSelect;
  try {
    done = await withRoom(deps, u.userId, u.examId, 1, async (tx) => {
      const [f] = await tx
        .insert(examHomeworkFiles)
        .values({ examId: u.examId, userId: u.userId, name: u.name, mime: MIME_OF_KIND[kind], size: u.size, storageKey: u.storageKey })
        .returning();
      const [row] = await tx.update(examUploads).set({ fileId: f!.id }).where(and(eq(examUploads.id, u.id), isNull(examUploads.fileId))).returning();
      if (!row) throw fieldError(422, "offset", "upload_offset_mismatch");
      return row;
    });
  } catch (err) {
    // Ten files were kept meanwhile (other uploads finished first): this one's bytes go.
    if (err instanceof AppError && err.code === "homework_too_many_files") await dropUpload(deps, u);
    throw err;
  }
  await removeParts(deps.files, u.storageKey);
  return statusOf(deps, auth, done);
}

/**
 * SPEC §7 `POST student/content-exam/{id}` (multipart `contentFiles`, one or more): the whole files in one request,
 * checked and stored like a finished resumable upload. Only while the pupil's time runs.
 */
export async function uploadMultipart(deps: Deps, auth: AuthInfo, examId: number, request: Request): Promise<ExamFileDto[]> {
  const exam = await loadExam(deps, auth, examId);
  assertOpenForHomework(exam, deps.now());
  let form: FormData;
  try {
    form = await request.formData();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(422, "file_required", { contentFiles: ["file_required"] });
  }
  const files = [...form.getAll("contentFiles"), ...form.getAll("contentFiles[]")].filter((f) => typeof f !== "string") as unknown as Blob[] as Array<Blob & { name: string }>;
  if (files.length === 0) throw new AppError(422, "file_required", { contentFiles: ["file_required"] });
  await assertRoom(deps, auth, examId, files.length);
  const checked: Array<{ name: string; bytes: Uint8Array; mime: string }> = [];
  for (const f of files) {
    const name = f.name.trim();
    if (!isSafeFileName(name)) throw new AppError(422, "file_name_invalid", { contentFiles: ["file_name_invalid"] });
    if (f.size === 0 || f.size > HOMEWORK_MAX_BYTES) throw new AppError(422, "file_size_invalid", { contentFiles: ["file_size_invalid"] });
    const bytes = new Uint8Array(await f.arrayBuffer());
    if (!contentMatchesName(name, bytes.subarray(0, SNIFF_BYTES))) throw new AppError(422, "file_type_invalid", { contentFiles: ["file_type_invalid"] });
    checked.push({ name, bytes, mime: MIME_OF_KIND[sniffKind(bytes.subarray(0, SNIFF_BYTES))!] });
  }
  const stored = checked.map((c) => ({ ...c, storageKey: keyFor(examId, auth.userId, randomUUID()) }));
  for (const c of stored) await deps.files.put(c.storageKey, c.bytes, c.mime);
  try {
    await withRoom(deps, auth.userId, examId, stored.length, (tx) =>
      tx.insert(examHomeworkFiles).values(stored.map((c) => ({ examId, userId: auth.userId, name: c.name, mime: c.mime, size: c.bytes.byteLength, storageKey: c.storageKey }))),
    );
  } catch (err) {
    // Nothing was kept: neither are the bytes.
    for (const c of stored) await deps.files.delete(c.storageKey);
    throw err;
  }
  return homeworkFiles(deps, auth, examId);
}

/** Deletes one of the pupil's homework files: only while the exam runs for the pupil (SPEC §4: not expired). */
export async function deleteHomework(deps: Deps, auth: AuthInfo, examId: number, fileId: number): Promise<void> {
  const exam = await loadExam(deps, auth, examId);
  const [f] = await deps.db
    .select()
    .from(examHomeworkFiles)
    .where(and(eq(examHomeworkFiles.id, fileId), eq(examHomeworkFiles.examId, examId), eq(examHomeworkFiles.userId, auth.userId)))
    .limit(1);
  if (!f) throw notFound();
  const now = deps.now();
  if (exam.deadline === null || now >= exam.deadline) throw new AppError(409, "file_not_deletable");
  await deps.db.transaction(async (tx) => {
    await tx.delete(examUploads).where(eq(examUploads.fileId, f.id));
    await tx.delete(examHomeworkFiles).where(eq(examHomeworkFiles.id, f.id));
  });
  await removeUploadObjects(deps.files, f.storageKey);
}
