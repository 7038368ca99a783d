/**
 * Parent requests (SPEC §3 "Parent request", §4: approve or refuse, null is pending, final once set; §6 "Parent").
 *
 * A pupil gives a parent's phone (the add-parent-phone modal of the profile, `PUT /user/add-parent-phone`, whose answer
 * never says whether an account has that phone): when a parent account has it, `requestParentLink` opens, after the
 * answer, a pending request for that parent, who approves or refuses it in
 * their own space (`GET/PUT /request-parent-user-children`). An approved request links the parent to the child: those
 * are "the children it is linked to". A parent only ever reads the requests addressed to them, a pupil only those about
 * them: ids of anyone else's request are not found (404).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ParentRequestDto } from "../../../domain/account";
import { personFullName, personNames } from "../../../domain/user";
import { normalizePhone } from "../../../domain/schemas/common";
import type { Db, Tx } from "../../db/client";
import { divisions, parentRequests, users } from "../../db/schema";
import type { Deps } from "../../lib/deps";
import { AppError } from "../../lib/errors";
import { notifyAccount } from "./notify";

const parentUser = alias(users, "parent_user");
const childUser = alias(users, "child_user");

const columns = {
  id: parentRequests.id,
  approved: parentRequests.approved,
  createdAt: parentRequests.createdAt,
  parentId: parentUser.id,
  parentName: parentUser.name,
  parentLastName: parentUser.lastName,
  childId: childUser.id,
  childName: childUser.name,
  childLastName: childUser.lastName,
  childGender: childUser.gender,
  divisionId: divisions.id,
  divisionName: divisions.name,
  divisionNameAr: divisions.nameAr,
  divisionNameEn: divisions.nameEn,
};

interface Row {
  id: number;
  approved: boolean | null;
  createdAt: Date;
  parentId: number;
  parentName: string;
  parentLastName: string;
  childId: number;
  childName: string;
  childLastName: string;
  childGender: string | null;
  divisionId: number | null;
  divisionName: string | null;
  divisionNameAr: string | null;
  divisionNameEn: string | null;
}

function toDto(r: Row): ParentRequestDto {
  return {
    id: r.id,
    approved: r.approved,
    created_at: r.createdAt.toISOString(),
    parent_user: { id: r.parentId, ...personNames({ name: r.parentName, last_name: r.parentLastName }) },
    child_user: {
      id: r.childId,
      ...personNames({ name: r.childName, last_name: r.childLastName }),
      division: r.divisionId === null ? null : { id: r.divisionId, name: r.divisionName ?? "", name_ar: r.divisionNameAr ?? "", name_en: r.divisionNameEn ?? "" },
      gender: r.childGender === "male" || r.childGender === "female" ? r.childGender : null,
    },
  };
}

function select(db: Db | Tx) {
  return db
    .select(columns)
    .from(parentRequests)
    .innerJoin(parentUser, eq(parentUser.id, parentRequests.parentUserId))
    .innerJoin(childUser, eq(childUser.id, parentRequests.childUserId))
    .leftJoin(divisions, eq(divisions.id, childUser.divisionId));
}

/** Pending first, then the newest. */
const order = [sql`(${parentRequests.approved} is null) desc`, desc(parentRequests.createdAt), desc(parentRequests.id)];

/** 403 for any account but a parent (the pupils' side has its own list). */
export async function requireParent(db: Db | Tx, userId: number): Promise<void> {
  const [u] = await db.select({ type: users.userType }).from(users).where(eq(users.id, userId)).limit(1);
  if (u?.type !== "parent") throw new AppError(403, "forbidden");
}

/** `GET /request-parent-user-children`: the requests addressed to this parent (pending first); approved ones are their children. */
export async function listParentRequests(deps: Pick<Deps, "db">, parentId: number): Promise<ParentRequestDto[]> {
  await requireParent(deps.db, parentId);
  const rows = await select(deps.db).where(eq(parentRequests.parentUserId, parentId)).orderBy(...order).limit(200);
  return rows.map((r) => toDto(r as Row));
}

/** The pupil's `/liste-des-demandes-parentales`: the requests about them, with who the parent is. */
export async function listChildParentRequests(deps: Pick<Deps, "db">, childId: number): Promise<ParentRequestDto[]> {
  const rows = await select(deps.db).where(eq(parentRequests.childUserId, childId)).orderBy(...order).limit(200);
  return rows.map((r) => toDto(r as Row));
}

/**
 * `PUT /request-parent-user-children/{id}`: the parent approves (true) or refuses (false) a request addressed to them,
 * once: a request already answered is 409 `parent_request_answered` (two concurrent answers: the row lock makes the
 * second one see the first). The child is notified in the same transaction.
 */
export async function answerParentRequest(deps: Pick<Deps, "db" | "now">, parentId: number, requestId: number, approved: boolean): Promise<ParentRequestDto> {
  return deps.db.transaction(async (tx) => {
    await requireParent(tx, parentId);
    const [row] = await tx
      .select({ id: parentRequests.id, approved: parentRequests.approved, childId: parentRequests.childUserId })
      .from(parentRequests)
      .where(and(eq(parentRequests.id, requestId), eq(parentRequests.parentUserId, parentId)))
      .for("update");
    if (!row) throw new AppError(404, "not_found");
    if (row.approved !== null) throw new AppError(409, "parent_request_answered");
    await tx.update(parentRequests).set({ approved }).where(eq(parentRequests.id, row.id));
    const [updated] = await select(tx).where(eq(parentRequests.id, row.id));
    const answered = updated as Row;
    const dto = toDto(answered);
    await notifyAccount(tx, { kind: "parent_request_answered", userId: row.childId, parent: `${answered.parentName} ${answered.parentLastName}`.trim(), approved });
    return dto;
  });
}

/**
 * Opens a pending request from the pupil `childId` to the parent account whose phone is `parentPhone` (called by the
 * add-parent-phone flow, inside its transaction). Nothing happens (null) when no parent account has that phone, or
 * when that parent already has this child (approved) or a pending request for them; a refused request may be asked again.
 * The parent is notified in the same transaction.
 */
export async function requestParentLink(tx: Tx, input: { childId: number; parentPhone: string }): Promise<{ id: number } | null> {
  const phone = normalizePhone(input.parentPhone);
  const [parent] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.userType, "parent")))
    .limit(1);
  if (!parent || parent.id === input.childId) return null;
  const [existing] = await tx
    .select({ id: parentRequests.id })
    .from(parentRequests)
    .where(
      and(
        eq(parentRequests.parentUserId, parent.id),
        eq(parentRequests.childUserId, input.childId),
        sql`(${parentRequests.approved} is null or ${parentRequests.approved})`,
      ),
    )
    .limit(1);
  if (existing) return null;
  const [created] = await tx
    .insert(parentRequests)
    .values({ parentUserId: parent.id, childUserId: input.childId, approved: null })
    .onConflictDoNothing()
    .returning({ id: parentRequests.id });
  if (!created) return null;
  const [child] = await tx.select({ name: users.name, lastName: users.lastName }).from(users).where(eq(users.id, input.childId));
  await notifyAccount(tx, { kind: "parent_request_created", userId: parent.id, child: child ? personFullName({ name: child.name, last_name: child.lastName }) : "" });
  return created;
}

/**
 * Opens the request of `requestParentLink` once the pupil's answer is on its way, in its own transaction: the answer
 * to `PUT /user/add-parent-phone` is the same, and comes as fast, whether or not an account has that phone (nothing
 * tells a pupil — or someone trying numbers — who is registered). A failure is logged; giving the phone again opens
 * the request then (once: an open or approved request is not duplicated). Resolves when done (for tests and tools).
 */
export function requestParentLinkAfterAnswer(deps: Pick<Deps, "db" | "log">, input: { childId: number; parentPhone: string }): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => deps.db.transaction((tx) => requestParentLink(tx, input)))
    .then(
      () => undefined,
      (err: unknown) => deps.log.error("parent request not opened", { childId: input.childId, error: err instanceof Error ? err.message : String(err) }),
    );
}

