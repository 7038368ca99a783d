/**
 * Point transfers between pupils (SPEC §4 "Point transfer", issue 9 item 5): the sender creates a pending transfer and
 * receives a 6-digit code; the transfer moves points only when confirmed with that code, the debit and the credit in
 * one ledger movement inside the transaction that marks it confirmed — both at confirmation, or nothing.
 *
 * - Creating checks the beneficiary (a pupil or an influencer, named by phone or e-mail, not oneself) and the balance
 *   (402 when short), but debits nothing: the balance is checked again at confirmation.
 * - Confirming locks the transfer row, checks it is pending and the code right, then `postMovement` sender → receiver
 *   (kind `transfer`, ref the transfer) and marks it confirmed. An overdraft at that moment is 402 and leaves the
 *   transfer pending with its code alive. A wrong code counts a try once the transaction has rolled back.
 * - Under an operator's impersonation the admin's id is recorded on the transfer and on its ledger entries (the body's
 *   `admin` field is informative: the session is the authority).
 */
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { TransferDto, TransferInput } from "../../../domain/schemas/transfers";
import { isEmail, normalizePhone } from "../../../domain/schemas/common";
import { CODE_MAX_TRIES } from "../../../domain/constants";
import { personFullName } from "../../../domain/user";
import type { PersonName } from "../../../domain/schemas/common";
import type { Db, Tx } from "../../db/client";
import { transfers, users } from "../../db/schema";
import type { AuthInfo } from "../../lib/auth";
import type { Deps } from "../../lib/deps";
import { pageMeta } from "../../lib/paging";
import { AppError, notFound } from "../../lib/errors";
import { withIdempotency, type IdempotentResult } from "../../lib/idempotency";
import { balanceOf, postMovement } from "../wallet/ledger";
import { codeDestination } from "../auth/users";
import { killCode } from "../auth/codes";
import { checkTransferCode, createTransferCode, takeTransferTry } from "./codes";
import { notify } from "../notifications/notify";
import { transferReceived, transferToConfirm } from "../notifications/texts";
import { sendMessage } from "../messages/send";

/** Account types that hold a wallet of their own and may receive points. */
const RECEIVER_TYPES = ["student", "influencer"] as const;

const fieldError = (field: string, code: "beneficiary_unknown" | "transfer_to_self") => new AppError(422, code, { [field]: [code] });

type TransferRow = typeof transfers.$inferSelect;
/** The name another pupil sees: null for an operator's subscriber who has not given theirs (`PersonNameSchema`). */
const fullName = (u: { name: string; lastName: string }): PersonName => personFullName({ name: u.name, last_name: u.lastName });

async function namesOf(db: Db | Tx, ids: number[]): Promise<Map<number, PersonName>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: users.id, name: users.name, lastName: users.lastName }).from(users).where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, fullName(r)]));
}

function toDto(row: TransferRow, viewerId: number, names: Map<number, PersonName>): TransferDto {
  const from = { id: row.fromUserId, name: names.get(row.fromUserId) ?? null };
  const to = { id: row.toUserId, name: names.get(row.toUserId) ?? null };
  return {
    id: row.id,
    from_user: from,
    sender: from,
    to_user: to,
    receiver: to,
    points: row.amount,
    updated_at: row.updatedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    status: row.status,
    is_confirmed: row.status === "confirmed",
    direction: row.fromUserId === viewerId ? "sent" : "received",
  };
}

async function findReceiver(tx: Tx, credential: string) {
  const value = credential.trim();
  const where = isEmail(value) ? sql`lower(${users.email}) = ${value.toLowerCase()}` : eq(users.phone, normalizePhone(value));
  const [row] = await tx
    .select({ id: users.id, userType: users.userType, name: users.name, lastName: users.lastName })
    .from(users)
    .where(and(where, inArray(users.userType, [...RECEIVER_TYPES])))
    .limit(1);
  return row;
}

export interface IdempotentCall {
  idempotencyKey: string | undefined;
  requestHash: string;
}

/** `POST /student/transfer-points`: a pending transfer and a code sent to the sender. Nothing is debited. */
export async function createTransfer(deps: Deps, auth: AuthInfo, input: TransferInput, call: IdempotentCall): Promise<IdempotentResult<TransferDto>> {
  // The code is sent once the transfer is committed (and never stored with the replayable answer).
  let toSend: { code: string; dest: { to: string; channel: "sms" | "email" } } | undefined;
  const result = await withIdempotency(deps, auth, call.idempotencyKey, call.requestHash, async (tx) => {
    const [sender] = await tx.select().from(users).where(eq(users.id, auth.userId)).limit(1);
    if (!sender) throw notFound();
    const receiver = await findReceiver(tx, input.toUser);
    if (receiver?.id === sender.id) throw fieldError("toUser", "transfer_to_self");
    if (!receiver) throw fieldError("toUser", "beneficiary_unknown");
    if ((await balanceOf(tx, sender.id)) < input.points) throw new AppError(402, "insufficient_balance");
    const now = deps.now();
    const [row] = await tx
      .insert(transfers)
      .values({ fromUserId: sender.id, toUserId: receiver.id, amount: input.points, status: "pending", adminId: auth.adminId, createdAt: now, updatedAt: now })
      .returning();
    const code = await createTransferCode(deps, tx, sender.id, row!.id);
    toSend = { code, dest: codeDestination(sender) };
    await notify(tx, {
      userId: sender.id,
      category: "transferPoint",
      type: "transfer_to_confirm",
      texts: transferToConfirm({ points: input.points, to: fullName(receiver) }),
      link: "/porte-monnaie",
      data: { transferId: String(row!.id) },
    });
    return toDto(row!, sender.id, new Map([[sender.id, fullName(sender)], [receiver.id, fullName(receiver)]]));
  });
  if (!result.replayed && toSend) await sendTransferCode(deps, toSend.dest, toSend.code, result.result);
  return result;
}

async function sendTransferCode(deps: Pick<Deps, "messaging" | "env">, dest: { to: string; channel: "sms" | "email" }, code: string, t: TransferDto): Promise<void> {
  await sendMessage(deps, dest, "transfer", { code, points: t.points, to: t.to_user.name });
}

/** Thrown inside the confirmation's transaction for a wrong code: counted once the transaction has rolled back. */
class WrongCode extends Error {
  constructor(
    readonly codeId: number,
    readonly dead: boolean,
  ) {
    super("wrong transfer code");
  }
}

/**
 * `POST /student/confirm-transfer-points?confirmationToken=&transfer=`: checks the code and moves the points, in one
 * transaction. 404 for a transfer that is not the caller's own (as sender), 409 `transfer_not_pending` once confirmed,
 * 422 for a wrong, expired or dead code, 402 when the sender's balance no longer covers it (still pending).
 */
export async function confirmTransfer(
  deps: Deps,
  auth: AuthInfo,
  input: { transferId: number; code: string },
  call: IdempotentCall,
): Promise<IdempotentResult<TransferDto>> {
  const codeError = (c: "code_invalid" | "code_expired" | "code_too_many_tries") => new AppError(422, c, { confirmationToken: [c] });
  // The guess's try, taken and committed before the transaction (which rolls back on a wrong code): 50 guesses at
  // once get 5 comparisons. A retry of a confirmed key finds no try left and still replays its first answer.
  const taken = await takeTransferTry(deps, auth.userId, input.transferId);
  try {
    return await withIdempotency(deps, auth, call.idempotencyKey, call.requestHash, async (tx) => {
      const [row] = await tx
        .select()
        .from(transfers)
        .where(and(eq(transfers.id, input.transferId), eq(transfers.fromUserId, auth.userId)))
        .limit(1)
        .for("update");
      if (!row) throw notFound();
      if (row.status !== "pending") throw new AppError(409, "transfer_not_pending");
      const verdict = await checkTransferCode(deps, tx, auth.userId, row.id, input.code, taken);
      if (!verdict.ok) {
        if (verdict.codeId !== undefined) throw new WrongCode(verdict.codeId, (taken?.attempts ?? CODE_MAX_TRIES) >= CODE_MAX_TRIES);
        throw codeError(verdict.reason);
      }
      const movementId = await postMovement(tx, {
        kind: "transfer",
        from: row.fromUserId,
        to: row.toUserId,
        amount: row.amount,
        description: "Transfert de points",
        ref: { type: "transfer", id: row.id },
        adminId: auth.adminId ?? row.adminId,
      });
      const [done] = await tx
        .update(transfers)
        .set({ status: "confirmed", movementId, updatedAt: deps.now(), ...(auth.adminId ? { adminId: auth.adminId } : {}) })
        .where(and(eq(transfers.id, row.id), eq(transfers.status, "pending")))
        .returning();
      if (!done) throw new AppError(409, "transfer_not_pending");
      const names = await namesOf(tx, [done.fromUserId, done.toUserId]);
      await notify(tx, {
        userId: done.toUserId,
        category: "transferPoint",
        type: "transfer_received",
        texts: transferReceived({ points: done.amount, from: names.get(done.fromUserId) ?? null }),
        link: "/porte-monnaie",
        data: { transferId: String(done.id) },
      });
      return toDto(done, auth.userId, names);
    });
  } catch (err) {
    if (err instanceof WrongCode) {
      if (!err.dead) throw codeError("code_invalid");
      await killCode(deps.db, err.codeId, deps.now());
      throw codeError("code_too_many_tries");
    }
    throw err;
  }
}

/** `GET /student/confirm-transfer-points/{id}`: a new code for the caller's own pending transfer (404 otherwise). */
export async function resendTransferCode(deps: Deps, auth: AuthInfo, transferId: number): Promise<void> {
  const sent = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(transfers)
      .where(and(eq(transfers.id, transferId), eq(transfers.fromUserId, auth.userId), eq(transfers.status, "pending")))
      .limit(1)
      .for("update");
    if (!row) throw notFound();
    const [sender] = await tx.select().from(users).where(eq(users.id, auth.userId)).limit(1);
    if (!sender) throw notFound();
    const code = await createTransferCode(deps, tx, sender.id, row.id);
    const dto = toDto(row, sender.id, await namesOf(tx, [row.fromUserId, row.toUserId]));
    return { code, dest: codeDestination(sender), dto };
  });
  await sendTransferCode(deps, sent.dest, sent.code, sent.dto);
}

/** `GET /student/transfer-points-history?page&perPage`: transfers sent and received, newest first. */
export async function listTransfers(deps: Pick<Deps, "db">, auth: AuthInfo, page: number, perPage: number) {
  const mine = or(eq(transfers.fromUserId, auth.userId), eq(transfers.toUserId, auth.userId));
  const [count] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(transfers).where(mine);
  const total = count?.n ?? 0;
  const rows = await deps.db
    .select()
    .from(transfers)
    .where(mine)
    .orderBy(desc(transfers.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const names = await namesOf(deps.db, rows.flatMap((r) => [r.fromUserId, r.toUserId]));
  return {
    payload: rows.map((r) => toDto(r, auth.userId, names)),
    meta: pageMeta(page, perPage, total),
  };
}
