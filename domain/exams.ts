/**
 * Exams (issue 10): the rules shared by the server and the client — durations, the pupil's state of an exam, the timer's
 * label and warnings, and what homework may be uploaded (types by content, sizes, the resumable protocol's limits and
 * the grace period). Pure, framework-free.
 */
import * as v from "valibot";
import { withEntries } from "./schemas/common";
import { sniffKind, type FileKind } from "./files";

/** SPEC §9: a duration of 0 means 60 minutes. */
export const DEFAULT_EXAM_MINUTES = 60;
/** Countdown tick (SPEC §9). */
export const TIMER_TICK_MS = 1000;

/** The exam's duration in milliseconds (0 = 60 minutes). */
export function examDurationMs(durationMinutes: number): number {
  return (durationMinutes > 0 ? durationMinutes : DEFAULT_EXAM_MINUTES) * 60_000;
}

/**
 * The pupil's own deadline once started: the start plus the duration, never after the exam's due date.
 * (`due_date` closes the exam for everybody; an exam started late ends with it.)
 */
export function examDeadline(startedAt: Date, durationMinutes: number, dueDate: Date): Date {
  return new Date(Math.min(startedAt.getTime() + examDurationMs(durationMinutes), dueDate.getTime()));
}

/**
 * Where an exam stands for one pupil:
 * - `upcoming`: not yet open (appearance date in the future);
 * - `not_started`: open, not started ("Exam not started yet");
 * - `started`: started and the pupil's deadline not reached (the countdown ticks);
 * - `finished`: started and the pupil's time is over ("Temps écoulé"), the exam still open for others;
 * - `expired`: past its due date.
 */
const EXAM_STATES = ["upcoming", "not_started", "started", "finished", "expired"] as const;
export type ExamState = (typeof EXAM_STATES)[number];

export function examState(
  exam: { appearance_date: string | Date; due_date: string | Date },
  deadline: string | Date | null,
  nowMs: number,
): ExamState {
  const due = new Date(exam.due_date).getTime();
  if (deadline !== null) {
    if (nowMs < new Date(deadline).getTime()) return "started";
    return nowMs >= due ? "expired" : "finished";
  }
  if (nowMs >= due) return "expired";
  if (nowMs < new Date(exam.appearance_date).getTime()) return "upcoming";
  return "not_started";
}

/** SPEC §4: at or below one second the timer shows 00:00:00 and reads "Temps écoulé" instead of "Temps restant". */
export interface TimerView {
  label: "remaining" | "elapsed";
  /** hh:mm:ss (hours may pass 99 for a long window). */
  text: string;
  /** null, or the warning level: 20 % and 5 % of the time left. */
  warning: null | "low" | "critical";
}

const WARNING_LOW = 0.2;
const WARNING_CRITICAL = 0.05;

const two = (n: number) => String(n).padStart(2, "0");

export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${two(Math.floor(total / 3600))}:${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`;
}

/** The timer for `remainingMs` left of a window of `totalMs`. */
export function timerView(remainingMs: number, totalMs: number): TimerView {
  if (remainingMs <= 1000) return { label: "elapsed", text: "00:00:00", warning: null };
  const share = totalMs > 0 ? remainingMs / totalMs : 0;
  const warning = share <= WARNING_CRITICAL ? "critical" : share <= WARNING_LOW ? "low" : null;
  return { label: "remaining", text: formatCountdown(remainingMs), warning };
}

/**
 * The device's clock offset from the server's: `serverTime - (local time at the middle of the request)`. The client
 * adds it to its own clock (read on a monotonic clock between syncs), so a wrong device clock changes nothing.
 */
export function clockOffsetMs(serverTimeIso: string, sentAtMs: number, receivedAtMs: number): number {
  return new Date(serverTimeIso).getTime() - (sentAtMs + receivedAtMs) / 2;
}

// ── Homework uploads ────────────────────────────────────────────────────────────────────────────────────────────

/** SPEC §5: the allowed extensions. */
const UPLOAD_EXTENSIONS = ["gif", "jpg", "jpeg", "png", "pdf", "svg", "doc", "docx", "ppt", "pptx", "xls", "xlsx"] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];
/** The `accept` of the file input. */
export const UPLOAD_ACCEPT = `${UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(",")},image/*,application/pdf`;

/** What the first bytes of a file say it is. */
export type SniffedKind = Exclude<FileKind, "webp">;

/** The kinds each extension's content must be: Office Open XML files are zip archives, the old Office files OLE2. */
export const KIND_OF_EXTENSION: Record<UploadExtension, SniffedKind> = {
  gif: "gif",
  jpg: "jpeg",
  jpeg: "jpeg",
  png: "png",
  pdf: "pdf",
  svg: "svg",
  doc: "ole",
  docx: "zip",
  ppt: "ole",
  pptx: "zip",
  xls: "ole",
  xlsx: "zip",
};

/** The extension of a file name (lower case), or null when it is not an allowed one. */
export function uploadExtension(name: string): UploadExtension | null {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return ext && (UPLOAD_EXTENSIONS as readonly string[]).includes(ext) ? (ext as UploadExtension) : null;
}

/** A file name without a path or control characters, of at most FILE_NAME_MAX characters. */
export function isSafeFileName(name: string): boolean {
  if (name.length === 0 || name.length > FILE_NAME_MAX || name.includes("/") || name.includes("\\")) return false;
  for (const ch of name) {
    const code = ch.charCodeAt(0);
    if (code < 32 || code === 127) return false;
  }
  return true;
}

/** Does the content match the name's extension? */
export function contentMatchesName(name: string, bytes: Uint8Array): boolean {
  const ext = uploadExtension(name);
  return ext !== null && sniffKind(bytes) === KIND_OF_EXTENSION[ext];
}

/** Largest homework file (a merged PDF of ten photos at 2,000 px, JPEG 0.9, is about 8–12 MB). */
export const HOMEWORK_MAX_BYTES = 25 * 1024 * 1024;
/** Files a pupil may keep on one exam. */
export const HOMEWORK_MAX_FILES = 10;
/** Longest file name. */
export const FILE_NAME_MAX = 120;

/**
 * The resumable upload: the client creates an upload (name, size), then sends the bytes in chunks with their offset
 * (`PUT …/uploads/{id}?offset=N`, `application/octet-stream`); `GET …/uploads/{id}` answers the stored offset. Bytes
 * that reached the server before a connection dropped are kept, so the client resumes from the stored offset.
 */
export const UPLOAD_CHUNK_BYTES = 256 * 1024;
/** The largest chunk the server takes in one request. */
export const UPLOAD_CHUNK_MAX_BYTES = 1024 * 1024;
/**
 * Grace period: an upload created before the pupil's deadline may be finished up to 15 minutes after it (a slow or
 * flapping connection must not cost the pupil the homework). No upload can be created at or after the deadline.
 */
export const UPLOAD_GRACE_MS = 15 * 60_000;

/** Photos merged on the device: longest side at most 2,000 px, JPEG quality 0.9, one PDF of this name (SPEC §5). */
const IMAGE_MAX_EDGE = 2000;
export const IMAGE_JPEG_QUALITY = 0.9;
export const MERGED_PDF_NAME = "merged-images.pdf";
/** PDF preview height (SPEC §9). */
export const PDF_PREVIEW_HEIGHT = 700;

/** The scaled size of an image whose longest side must not pass `max`. */
export function scaledSize(width: number, height: number, max = IMAGE_MAX_EDGE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= max) return { width, height };
  const k = max / longest;
  return { width: Math.max(1, Math.round(width * k)), height: Math.max(1, Math.round(height * k)) };
}

/** Is a chunk for an upload created at `createdAt` still accepted at `nowMs` against the pupil's deadline? */
export function uploadStillAccepted(createdAt: Date, deadline: Date, nowMs: number): boolean {
  return createdAt.getTime() < deadline.getTime() && nowMs < deadline.getTime() + UPLOAD_GRACE_MS;
}

/** The kinds of an exam's own files (SPEC §3). */
export type ExamDocumentKind = "exam" | "homework" | "homework_correction" | "exam_correction";
const EXAM_KINDS = ["bac_blanc", "devoir"] as const;
export type ExamKind = (typeof EXAM_KINDS)[number];

// ─────────────── the API's answers, written once as valibot schemas (the server declares them, the client reads their types) ───────────────

const id = v.pipe(v.number(), v.integer());
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const nullableText = v.nullable(v.string());

/** A file in an exam's lists: the exam's own files and the pupil's homework. */
export const ExamFileDtoSchema = v.strictObject({
  id,
  name: v.string(),
  /** Signed link for this session (null while the file is not yet open: the exam not started). */
  url: nullableText,
  /** Bytes. */
  size: count,
  mime: v.string(),
  created_at: v.optional(v.string()),
});
export type ExamFileDto = v.InferOutput<typeof ExamFileDtoSchema>;

const examFields = {
  id,
  name: v.string(),
  name_ar: nullableText,
  name_en: nullableText,
  kind: v.picklist(EXAM_KINDS),
  instructor: nullableText,
  subject_exams: v.strictObject({ id, slug: v.string(), name: v.string(), name_ar: nullableText, name_en: nullableText, color: v.string() }),
  appearance_date: v.string(),
  due_date: v.string(),
  /** Minutes (0 = 60). */
  duration: count,
  disabled: v.boolean(),
  expired: v.boolean(),
  startedAt: nullableText,
  isExamStarted: v.boolean(),
  /** The pupil's deadline once started. */
  deadline: nullableText,
  state: v.picklist(EXAM_STATES),
};

/** An exam of the pupil's class, with its state for the pupil (`GET /student/content-exam`). */
export const ExamDtoSchema = v.strictObject(examFields);
export type ExamDto = v.InferOutput<typeof ExamDtoSchema>;

/** `GET /student/content-exam/{id}`: the exam with its files, the pupil's uploads and the server's clock. */
export const ExamDetailDtoSchema = v.strictObject(
  withEntries(examFields, {
    exam: v.array(ExamFileDtoSchema),
    homework: v.array(ExamFileDtoSchema),
    homework_correction: v.array(ExamFileDtoSchema),
    exam_correction: v.array(ExamFileDtoSchema),
    /** The pupil's uploaded homework. */
    uploads: v.array(ExamFileDtoSchema),
    serverTime: v.string(),
  }),
);
export type ExamDetailDto = v.InferOutput<typeof ExamDetailDtoSchema>;

/** `GET /student/content-exam/calendar`: the exams open during one Tunis week. */
export const ExamCalendarDtoSchema = v.strictObject({ offset: v.pipe(v.number(), v.integer()), week_start: v.string(), week_end: v.string(), exams: v.array(ExamDtoSchema) });

/** The pupil's timer of an exam (`GET`/`POST …/content-exam-student-time-limitation`). */
export const TimeLimitationDtoSchema = v.strictObject({
  contentExam: id,
  started_at: nullableText,
  due_date: v.string(),
  deadline: nullableText,
  duration: count,
  isExamStarted: v.boolean(),
  serverTime: v.string(),
});
export type TimeLimitationDto = v.InferOutput<typeof TimeLimitationDtoSchema>;

/** A resumable homework upload: where to resume, and its file once complete. */
export const UploadStatusDtoSchema = v.strictObject({
  id: v.string(),
  name: v.string(),
  size: count,
  offset: count,
  complete: v.boolean(),
  file: v.nullable(ExamFileDtoSchema),
  /** Until when chunks are taken. */
  acceptUntil: v.string(),
});
export type UploadStatusDto = v.InferOutput<typeof UploadStatusDtoSchema>;
