import { and, desc, eq } from "drizzle-orm";
import { MarksheetFieldsSchema, type MarksheetDto } from "../../../domain/profile";
import { divisions, marksheets } from "../../db/schema";
import type { AuthInfo } from "../../lib/auth";
import type { Deps } from "../../lib/deps";
import { AppError, fieldError, notFound } from "../../lib/errors";
import { parseOrThrow } from "../../lib/route";
import { checkKind, readStored, readUpload, removeStored, storeFile } from "./files";
import { profileUser, refuseTestAccount } from "./contact";

type Row = typeof marksheets.$inferSelect & {
  divisionName: string;
  divisionNameAr: string;
  divisionNameEn: string;
};

const EXT: Record<string, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
};

function toDto(r: Row): MarksheetDto {
  return {
    id: r.id,
    name: r.name,
    division: {
      id: r.divisionId,
      name: r.divisionName,
      name_ar: r.divisionNameAr,
      name_en: r.divisionNameEn,
    },
    trimester: r.trimester,
    status: r.status,
    reject_reason: r.rejectReason,
    file: {
      kind: r.mime === "application/pdf" ? "pdf" : "image",
      mime: r.mime,
      size: r.size,
    },
    url: `/student/mark-sheet/${r.id}/file`,
    created_at: r.createdAt.toISOString(),
  };
}

const selectRows = (deps: Deps) =>
  deps.db
    .select({
      m: marksheets,
      divisionName: divisions.name,
      divisionNameAr: divisions.nameAr,
      divisionNameEn: divisions.nameEn,
    })
    .from(marksheets)
    .innerJoin(divisions, eq(divisions.id, marksheets.divisionId));

const flat = (x: { m: typeof marksheets.$inferSelect; divisionName: string; divisionNameAr: string; divisionNameEn: string }): Row => ({
  ...x.m,
  divisionName: x.divisionName,
  divisionNameAr: x.divisionNameAr,
  divisionNameEn: x.divisionNameEn,
});

/** `GET /student/mark-sheets`: the pupil's report cards, newest first. */
export async function listMarksheets(deps: Deps, auth: AuthInfo): Promise<MarksheetDto[]> {
  const rows = await selectRows(deps).where(eq(marksheets.userId, auth.userId)).orderBy(desc(marksheets.id));
  return rows.map((r) => toDto(flat(r)));
}

/**
 * `POST /student/mark-sheet` (multipart: `file`, `trimester`, `division`): a PDF or an image, recognised by its
 * first bytes, stored in the file store; pending until an operator decides.
 */
export async function uploadMarksheet(deps: Deps, auth: AuthInfo, req: Request): Promise<MarksheetDto> {
  const user = await profileUser(deps, auth.userId);
  refuseTestAccount(user, auth);
  const { bytes, name, form } = await readUpload(req, "file");
  const fields = await parseOrThrow(MarksheetFieldsSchema, {
    trimester: form.get("trimester") ?? undefined,
    division: form.get("division") ?? undefined,
  });
  const [division] = await deps.db.select({ id: divisions.id }).from(divisions).where(eq(divisions.id, fields.division));
  if (!division) throw fieldError(422, "division", "division_invalid");
  const { mime } = checkKind(bytes, ["pdf", "jpeg", "png", "webp"], "file");
  const key = await storeFile(deps, "marksheets", bytes, EXT[mime]!);
  const cleanName =
    Array.from(name)
      .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch !== "\u007f")
      .join("")
      .slice(0, 120) || "file";
  const [row] = await deps.db
    .insert(marksheets)
    .values({
      userId: user.id,
      divisionId: fields.division,
      trimester: fields.trimester,
      name: cleanName,
      fileKey: key,
      mime,
      size: bytes.byteLength,
      createdAt: deps.now(),
    })
    .returning({ id: marksheets.id });
  const [created] = await selectRows(deps).where(eq(marksheets.id, row!.id));
  return toDto(flat(created!));
}

async function ownMarksheet(deps: Deps, auth: AuthInfo, id: number) {
  const [row] = await deps.db
    .select()
    .from(marksheets)
    .where(and(eq(marksheets.id, id), eq(marksheets.userId, auth.userId)));
  if (!row) throw notFound();
  return row;
}

/** `DELETE /student/mark-sheet/{id}`: only the owner's, only while pending. */
export async function deleteMarksheet(deps: Deps, auth: AuthInfo, id: number): Promise<void> {
  const row = await ownMarksheet(deps, auth, id);
  if (row.status !== "pending") throw new AppError(409, "marksheet_not_pending");
  const done = await deps.db
    .delete(marksheets)
    .where(and(eq(marksheets.id, id), eq(marksheets.status, "pending")))
    .returning({ id: marksheets.id });
  if (done.length !== 1) throw new AppError(409, "marksheet_not_pending");
  await removeStored(deps, "marksheets", row.fileKey);
}

/** `GET /student/mark-sheet/{id}/file`: the file, for its owner only (another pupil's id is not found). */
export async function readMarksheetFile(deps: Deps, auth: AuthInfo, id: number) {
  const row = await ownMarksheet(deps, auth, id);
  const bytes = await readStored(deps, "marksheets", row.fileKey);
  if (!bytes) throw notFound();
  return { bytes, mime: row.mime, name: row.name };
}

/** Operator: approves or rejects a report card (`npm run admin -- marksheet <id> approve|reject [reason]`). */
export async function decideMarksheet(deps: Deps, id: number, decision: "approve" | "reject", reason: string | null) {
  const [row] = await deps.db
    .update(marksheets)
    .set({
      status: decision === "approve" ? "approved" : "rejected",
      rejectReason: decision === "reject" ? reason : null,
      decidedAt: deps.now(),
    })
    .where(eq(marksheets.id, id))
    .returning({
      id: marksheets.id,
      status: marksheets.status,
      userId: marksheets.userId,
    });
  if (!row) throw notFound();
  return row;
}
