import { and, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ClassChangeOutput, DivisionChangeDto } from "../../../domain/profile";
import { OTHER_REASON_ID } from "../../../domain/profile";
import { divisionChangeRequests, divisions, editDivisionReasons, users } from "../../db/schema";
import type { AuthInfo } from "../../lib/auth";
import type { Deps } from "../../lib/deps";
import { AppError, fieldError } from "../../lib/errors";
import { profileUser, refuseTestAccount } from "./contact";

const oldD = alias(divisions, "old_division");
const newD = alias(divisions, "new_division");

/** `GET /edit-division`: the pupil's class-change requests, newest first (also a table of `/historique`). */
export async function listDivisionChanges(deps: Deps, auth: AuthInfo): Promise<DivisionChangeDto[]> {
  const rows = await deps.db
    .select({
      r: divisionChangeRequests,
      oldName: oldD.name,
      oldNameAr: oldD.nameAr,
      oldNameEn: oldD.nameEn,
      newName: newD.name,
      newNameAr: newD.nameAr,
      newNameEn: newD.nameEn,
      reason: editDivisionReasons,
    })
    .from(divisionChangeRequests)
    .leftJoin(oldD, eq(oldD.id, divisionChangeRequests.oldDivisionId))
    .innerJoin(newD, eq(newD.id, divisionChangeRequests.newDivisionId))
    .innerJoin(editDivisionReasons, eq(editDivisionReasons.id, divisionChangeRequests.reasonId))
    .where(eq(divisionChangeRequests.userId, auth.userId))
    .orderBy(desc(divisionChangeRequests.id));
  return rows.map(({ r, reason, ...n }) => ({
    id: r.id,
    old_division:
      r.oldDivisionId !== null && n.oldName !== null
        ? {
            id: r.oldDivisionId,
            name: n.oldName,
            name_ar: n.oldNameAr ?? undefined,
            name_en: n.oldNameEn ?? undefined,
          }
        : null,
    new_division: {
      id: r.newDivisionId,
      name: n.newName,
      name_ar: n.newNameAr,
      name_en: n.newNameEn,
    },
    reason: {
      id: reason.id,
      name: reason.name,
      name_ar: reason.nameAr,
      name_en: reason.nameEn,
    },
    reason2: r.reason2,
    status: r.status,
    created_at: r.createdAt.toISOString(),
  }));
}

/**
 * `POST /edit-division`: a class-change request (reason 4 "Autre" with its text). With `hasEditDivision` (SPEC §6) the
 * class changes at once and the request is recorded as approved; otherwise it waits (one pending at a time).
 */
export async function requestDivisionChange(deps: Deps, auth: AuthInfo, input: ClassChangeOutput): Promise<{ request: DivisionChangeDto; applied: boolean }> {
  const user = await profileUser(deps, auth.userId);
  refuseTestAccount(user, auth);
  const [division] = await deps.db.select({ id: divisions.id }).from(divisions).where(eq(divisions.id, input.newDivision));
  if (!division) throw fieldError(422, "newDivision", "division_invalid");
  const [reason] = await deps.db.select({ id: editDivisionReasons.id }).from(editDivisionReasons).where(eq(editDivisionReasons.id, input.reason));
  if (!reason) throw fieldError(422, "reason", "reason_invalid");
  if (input.newDivision === user.divisionId) throw fieldError(422, "newDivision", "division_unchanged");
  const applied = user.hasEditDivision;
  const now = deps.now();
  const id = await deps.db
    .transaction(async (tx) => {
      const [pending] = await tx
        .select({ id: divisionChangeRequests.id })
        .from(divisionChangeRequests)
        .where(and(eq(divisionChangeRequests.userId, user.id), eq(divisionChangeRequests.status, "pending")));
      if (pending && !applied) throw new AppError(409, "division_change_pending");
      const [row] = await tx
        .insert(divisionChangeRequests)
        .values({
          userId: user.id,
          oldDivisionId: user.divisionId,
          newDivisionId: input.newDivision,
          reasonId: input.reason,
          reason2: input.reason === OTHER_REASON_ID ? input.reason2 || null : input.reason2 || null,
          status: applied ? "approved" : "pending",
          createdAt: now,
          decidedAt: applied ? now : null,
        })
        .returning({ id: divisionChangeRequests.id });
      if (applied) await tx.update(users).set({ divisionId: input.newDivision, optionalSubjectId: null }).where(eq(users.id, user.id));
      return row!.id;
    })
    .catch((err: unknown) => {
      // Two requests at once: the partial unique index lets one be pending; the other is the same refusal.
      const code = (err as { cause?: { code?: string }; code?: string }).cause?.code ?? (err as { code?: string }).code;
      if (String(code) === "23505") throw new AppError(409, "division_change_pending");
      throw err;
    });
  const list = await listDivisionChanges(deps, auth);
  return { request: list.find((r) => r.id === id)!, applied };
}
