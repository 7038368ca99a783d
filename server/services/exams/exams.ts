/**
 * Exams (issue 10): the pupil's exams (list, week calendar, detail), the server-owned timer (start once, read back),
 * and the files (the exam's own documents and the pupil's homework) with their signed links.
 */
import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import {
  examDeadline,
  examState,
  type ExamDetailDto,
  type ExamDocumentKind,
  type ExamDto,
  type ExamFileDto,
  type TimeLimitationDto,
} from "../../../domain/exams";
import { tunisWeek } from "../../../domain/days";
import type { Db } from "../../db/client";
import { examDocuments, examHomeworkFiles, examStarts, exams, instructors, subjects, teacherSubjects, users } from "../../db/schema";
import type { AuthInfo } from "../../lib/auth";
import type { Deps } from "../../lib/deps";
import { AppError, notFound } from "../../lib/errors";
import { loadViewer } from "../learning/access";
import { signMedia, verifyMedia } from "../media/signing";
import { isSessionLive } from "../../lib/auth";
import { documentFile } from "./pdf";

/** Signed file links live one hour (and die with the session that asked for them). */
const FILE_LINK_TTL_S = 60 * 60;

interface ExamRow {
  id: number;
  name: string;
  nameAr: string | null;
  nameEn: string | null;
  kind: "bac_blanc" | "devoir";
  appearanceDate: Date;
  dueDate: Date;
  duration: number;
  disabled: boolean;
  subjectId: number;
  subjectSlug: string;
  subjectName: string;
  subjectNameAr: string | null;
  subjectNameEn: string | null;
  subjectColor: string;
  instructorName: string | null;
  startedAt: Date | null;
  deadline: Date | null;
}

/** The pupil's class, refusing pupils without the exam permission (a live offer: SPEC §6). */
async function examViewer(deps: Deps, auth: AuthInfo) {
  const viewer = await loadViewer(deps.db, auth.userId, deps.now());
  if (viewer.divisionId === null) throw notFound();
  if (viewer.groupIds.length === 0) throw new AppError(403, "exam_not_allowed");
  return viewer;
}

function selectExams(db: Db, userId: number) {
  return db
    .select({
      id: exams.id,
      name: exams.name,
      nameAr: exams.nameAr,
      nameEn: exams.nameEn,
      kind: exams.kind,
      appearanceDate: exams.appearanceDate,
      dueDate: exams.dueDate,
      duration: exams.duration,
      disabled: exams.disabled,
      subjectId: subjects.id,
      subjectSlug: subjects.slug,
      subjectName: subjects.name,
      subjectNameAr: subjects.nameAr,
      subjectNameEn: subjects.nameEn,
      subjectColor: subjects.color,
      instructorName: sql<string | null>`case when ${instructors.id} is null then null else ${instructors.name} || ' ' || ${instructors.lastName} end`,
      startedAt: examStarts.startedAt,
      deadline: examStarts.deadline,
    })
    .from(exams)
    .innerJoin(subjects, eq(subjects.id, exams.subjectId))
    .leftJoin(instructors, eq(instructors.id, exams.instructorId))
    .leftJoin(examStarts, and(eq(examStarts.examId, exams.id), eq(examStarts.userId, userId)));
}

const inClass = (divisionId: number) => and(eq(subjects.divisionId, divisionId), eq(subjects.visible, true), eq(subjects.active, true));

function toDto(r: ExamRow, now: Date): ExamDto {
  return {
    id: r.id,
    name: r.name,
    name_ar: r.nameAr,
    name_en: r.nameEn,
    kind: r.kind,
    instructor: r.instructorName,
    subject_exams: { id: r.subjectId, slug: r.subjectSlug, name: r.subjectName, name_ar: r.subjectNameAr, name_en: r.subjectNameEn, color: r.subjectColor },
    appearance_date: r.appearanceDate.toISOString(),
    due_date: r.dueDate.toISOString(),
    duration: r.duration,
    disabled: r.disabled,
    expired: now.getTime() >= r.dueDate.getTime(),
    startedAt: r.startedAt?.toISOString() ?? null,
    isExamStarted: r.startedAt !== null,
    deadline: r.deadline?.toISOString() ?? null,
    state: examState({ appearance_date: r.appearanceDate, due_date: r.dueDate }, r.deadline, now.getTime()),
  };
}

/** The pupil's exams (optionally of one subject), soonest due first. */
export async function listExams(deps: Deps, auth: AuthInfo, subject?: string): Promise<ExamDto[]> {
  const viewer = await examViewer(deps, auth);
  const now = deps.now();
  const rows = await selectExams(deps.db, auth.userId)
    .where(and(inClass(viewer.divisionId!), subject ? eq(subjects.slug, subject) : undefined))
    .orderBy(asc(exams.dueDate), asc(exams.id));
  return rows.map((r) => toDto(r, now));
}

/** The exams open during a week (`offset` weeks from the current one, Monday to Sunday, Africa/Tunis). */
export async function examCalendar(deps: Deps, auth: AuthInfo, offset: number) {
  const viewer = await examViewer(deps, auth);
  const now = deps.now();
  const { start, end } = tunisWeek(now, offset);
  const rows = await selectExams(deps.db, auth.userId)
    .where(and(inClass(viewer.divisionId!), lt(exams.appearanceDate, end), gt(exams.dueDate, start)))
    .orderBy(asc(exams.dueDate), asc(exams.id));
  return { offset, week_start: start.toISOString(), week_end: end.toISOString(), exams: rows.map((r) => toDto(r, now)) };
}

/** One exam of the pupil's class (404 for another class's or an unknown one). */
export async function loadExam(deps: Deps, auth: AuthInfo, id: number): Promise<ExamRow> {
  const viewer = await examViewer(deps, auth);
  const [row] = await selectExams(deps.db, auth.userId).where(and(eq(exams.id, id), inClass(viewer.divisionId!))).limit(1);
  if (!row) throw notFound();
  return row;
}

const documentPath = (examId: number, docId: number) => `/api/student/content-exam/${examId}/documents/${docId}`;
const homeworkPath = (examId: number, fileId: number) => `/api/student/content-exam/${examId}/files/${fileId}`;
const sign = (deps: Deps, auth: AuthInfo, path: string) =>
  signMedia(deps.secret, path, { userId: auth.userId, sessionId: auth.sessionId }, deps.now(), FILE_LINK_TTL_S).url;

/** When a document of the exam opens: the subject once started (or past due), the corrections once past due. */
function documentOpen(kind: ExamDocumentKind, exam: ExamRow, now: Date): boolean {
  const expired = now.getTime() >= exam.dueDate.getTime();
  if (kind === "exam" || kind === "homework") return exam.startedAt !== null || expired;
  return expired;
}

export async function homeworkFiles(deps: Deps, auth: AuthInfo, examId: number): Promise<ExamFileDto[]> {
  const rows = await deps.db
    .select()
    .from(examHomeworkFiles)
    .where(and(eq(examHomeworkFiles.examId, examId), eq(examHomeworkFiles.userId, auth.userId)))
    .orderBy(asc(examHomeworkFiles.id));
  return rows.map((f) => ({ id: f.id, name: f.name, size: f.size, mime: f.mime, url: sign(deps, auth, homeworkPath(examId, f.id)), created_at: f.createdAt.toISOString() }));
}

export async function examDetail(deps: Deps, auth: AuthInfo, id: number): Promise<ExamDetailDto> {
  const exam = await loadExam(deps, auth, id);
  const now = deps.now();
  const docs = await deps.db.select().from(examDocuments).where(eq(examDocuments.examId, id)).orderBy(asc(examDocuments.id));
  const list = (kind: ExamDocumentKind): ExamFileDto[] =>
    docs
      .filter((d) => d.kind === kind)
      .map((d) => ({ id: d.id, name: d.name, size: d.size, mime: d.mime, url: documentOpen(kind, exam, now) ? sign(deps, auth, documentPath(id, d.id)) : null }));
  return {
    ...toDto(exam, now),
    exam: list("exam"),
    homework: list("homework"),
    homework_correction: list("homework_correction"),
    exam_correction: list("exam_correction"),
    uploads: await homeworkFiles(deps, auth, id),
    serverTime: now.toISOString(),
  };
}

function timeLimitation(exam: ExamRow, now: Date): TimeLimitationDto {
  return {
    contentExam: exam.id,
    started_at: exam.startedAt?.toISOString() ?? null,
    due_date: exam.dueDate.toISOString(),
    deadline: exam.deadline?.toISOString() ?? null,
    duration: exam.duration,
    isExamStarted: exam.startedAt !== null,
    serverTime: now.toISOString(),
  };
}

export async function getTimeLimitation(deps: Deps, auth: AuthInfo, id: number): Promise<TimeLimitationDto> {
  return timeLimitation(await loadExam(deps, auth, id), deps.now());
}

/**
 * Starts the exam for the pupil: once. A second start (another tab, a retry after a lost answer) returns the first
 * start unchanged. Refused before the appearance date (409 exam_not_opened), at or after the due date (409 exam_expired),
 * and for a disabled exam (409 exam_not_opened).
 */
export async function startExam(deps: Deps, auth: AuthInfo, id: number): Promise<{ result: TimeLimitationDto; created: boolean }> {
  const exam = await loadExam(deps, auth, id);
  const now = deps.now();
  if (exam.startedAt !== null) return { result: timeLimitation(exam, now), created: false };
  if (exam.disabled || now < exam.appearanceDate) throw new AppError(409, "exam_not_opened");
  if (now >= exam.dueDate) throw new AppError(409, "exam_expired");
  const deadline = examDeadline(now, exam.duration, exam.dueDate);
  const inserted = await deps.db
    .insert(examStarts)
    .values({ examId: id, userId: auth.userId, startedAt: now, deadline })
    .onConflictDoNothing()
    .returning({ startedAt: examStarts.startedAt });
  const fresh = await loadExam(deps, auth, id);
  return { result: timeLimitation(fresh, now), created: inserted.length > 0 };
}

// ── Files ─────────────────────────────────────────────────────────────────────────────────────────────────────

export interface FileAnswer {
  storageKey: string;
  name: string;
  mime: string;
  size: number;
}

/**
 * Who asks for a file: a bearer session, or else a signed link (an <iframe> or a download cannot send the header),
 * which holds only while the session it was signed for lives.
 */
export async function fileCaller(deps: Deps, auth: AuthInfo | null, path: string, otp: string | undefined, info: string | undefined): Promise<{ userId: number; userType: string; sessionId: string }> {
  if (auth) return { userId: auth.userId, userType: auth.userType, sessionId: auth.sessionId };
  const grant = verifyMedia(deps.secret, path, otp, info, deps.now());
  if (!grant || !(await isSessionLive(deps, grant.sessionId, grant.userId))) throw new AppError(401, "unauthorized");
  const [u] = await deps.db.select({ userType: users.userType }).from(users).where(eq(users.id, grant.userId)).limit(1);
  if (!u) throw new AppError(401, "unauthorized");
  return { userId: grant.userId, userType: u.userType, sessionId: grant.sessionId };
}

/** Whether a teacher teaches the subject (of its class) of an exam: `teacher_subjects` (seed/teaching.ts for the demo). */
async function teachesExam(deps: Pick<Deps, "db">, teacherId: number, examId: number): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: exams.id })
    .from(exams)
    .innerJoin(teacherSubjects, and(eq(teacherSubjects.subjectId, exams.subjectId), eq(teacherSubjects.teacherId, teacherId)))
    .where(eq(exams.id, examId))
    .limit(1);
  return Boolean(row);
}

/**
 * A pupil's homework file: its owner, or a teacher of the exam's subject and class. Anyone else — another pupil, a
 * teacher of another subject or class — 404, as for a file that does not exist.
 */
export async function homeworkFile(deps: Deps, caller: { userId: number; userType: string }, examId: number, fileId: number): Promise<FileAnswer> {
  if (caller.userType === "parent") throw new AppError(403, "forbidden");
  const [f] = await deps.db
    .select()
    .from(examHomeworkFiles)
    .where(and(eq(examHomeworkFiles.id, fileId), eq(examHomeworkFiles.examId, examId)))
    .limit(1);
  if (!f) throw notFound();
  const allowed = caller.userType === "teacher" ? await teachesExam(deps, caller.userId, examId) : f.userId === caller.userId;
  if (!allowed) throw notFound();
  return { storageKey: f.storageKey, name: f.name, mime: f.mime, size: f.size };
}

/**
 * A document of an exam of the caller's class, once it is open to them; for a teacher, of an exam of a subject they
 * teach (404 otherwise: nothing to learn).
 */
export async function examDocument(deps: Deps, caller: { userId: number; userType: string; sessionId: string }, examId: number, docId: number): Promise<FileAnswer> {
  if (caller.userType === "parent") throw new AppError(403, "forbidden");
  const [d] = await deps.db
    .select()
    .from(examDocuments)
    .where(and(eq(examDocuments.id, docId), eq(examDocuments.examId, examId)))
    .limit(1);
  if (!d) throw notFound();
  if (caller.userType === "teacher") {
    if (!(await teachesExam(deps, caller.userId, examId))) throw notFound();
  } else {
    const exam = await loadExam(deps, { userId: caller.userId, sessionId: caller.sessionId } as AuthInfo, examId);
    if (!documentOpen(d.kind, exam, deps.now())) throw new AppError(409, "exam_not_started");
  }
  return { ...(await documentFile(deps, d)), name: d.name, mime: d.mime };
}
