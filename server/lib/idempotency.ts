/**
 * Idempotency-Key (DESIGN §3): a request carrying a key is applied once per (user, key); a retry with the same key
 * and the same body replays the first answer, the same key with another body is refused (409 idempotency_conflict).
 *
 * The key row is written in the same transaction as the operation itself: on PostgreSQL a concurrent retry blocks on
 * the primary key until the first request commits, then replays its answer; if the operation fails, the transaction
 * rolls back and the key is free again (a failed request is not remembered and may be retried).
 */
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { IDEMPOTENCY_KEY_RE } from "../../domain/schemas/common";
import type { Tx } from "../db/client";
import { idempotencyKeys } from "../db/schema";
import type { AuthInfo } from "./auth";
import type { Deps } from "./deps";
import { AppError } from "./errors";

/** Keys are remembered this long; an older key is forgotten and the request applied again. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** The `Idempotency-Key` header, checked: undefined when absent, 422 when malformed. */
export function readIdempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined || header === "") return undefined;
  if (!IDEMPOTENCY_KEY_RE.test(header)) {
    throw new AppError(422, "idempotency_key_invalid", { "Idempotency-Key": ["idempotency_key_invalid"] });
  }
  return header;
}

/** A stable hash of what makes two requests "the same": method, path and body (keys sorted). */
export function requestHash(method: string, path: string, body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.keys(value as object).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
    }
    return value;
  };
  return createHash("sha256").update(JSON.stringify([method.toUpperCase(), path, canonical(body ?? null)])).digest("hex");
}

export interface IdempotentResult<T> {
  result: T;
  /** True when this answer is the replay of an earlier request with the same key. */
  replayed: boolean;
}

/**
 * Runs `fn` in a transaction once per (user, key). Without a key, `fn` simply runs in a transaction.
 * `fn`'s result must be JSON-serialisable: it is stored and replayed as is.
 */
export async function withIdempotency<T>(
  deps: Pick<Deps, "db" | "now">,
  auth: Pick<AuthInfo, "userId">,
  key: string | undefined,
  hash: string,
  fn: (tx: Tx) => Promise<T>,
): Promise<IdempotentResult<T>> {
  if (key === undefined) return { result: await deps.db.transaction(fn), replayed: false };
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const where = and(eq(idempotencyKeys.userId, auth.userId), eq(idempotencyKeys.key, key));
    const [inserted] = await tx
      .insert(idempotencyKeys)
      .values({ userId: auth.userId, key, requestHash: hash, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!inserted) {
      const [previous] = await tx.select().from(idempotencyKeys).where(where).limit(1);
      if (previous && previous.createdAt.getTime() + IDEMPOTENCY_TTL_MS > now.getTime()) {
        if (previous.requestHash !== hash) throw new AppError(409, "idempotency_conflict");
        // A row without a response belongs to a request that is still running (only possible across processes).
        if (previous.status === null) throw new AppError(409, "conflict", undefined, "A request with this key is in progress");
        return { result: previous.response as T, replayed: true };
      }
      // Expired (or vanished): forget it and apply the request as new.
      await tx
        .insert(idempotencyKeys)
        .values({ userId: auth.userId, key, requestHash: hash, createdAt: now })
        .onConflictDoUpdate({
          target: [idempotencyKeys.userId, idempotencyKeys.key],
          set: { requestHash: hash, createdAt: now, status: null, response: null },
        });
    }
    const result = await fn(tx);
    await tx.update(idempotencyKeys).set({ status: 200, response: result }).where(where);
    return { result, replayed: false };
  });
}

/** What is stored under a key: the request's hash, and its answer once it has one. */
export interface StoredKey {
  requestHash: string;
  status: number | null;
  response: unknown;
  createdAtMs: number;
}

/**
 * The rule for a key seen before, for operations that are idempotent by nature: within its 24 hours, the same request
 * replays the stored answer, another request is `409 idempotency_conflict`; a key without an answer yet (a request
 * still running) or forgotten lets the operation run (null).
 */
export function replayOf<T>(previous: StoredKey, hash: string, now: Date): IdempotentResult<T> | null {
  if (previous.createdAtMs + IDEMPOTENCY_TTL_MS <= now.getTime()) return null;
  if (previous.requestHash !== hash) throw new AppError(409, "idempotency_conflict");
  return previous.status === null ? null : { result: previous.response as T, replayed: true };
}

/**
 * Idempotency-Key for an operation that is already idempotent by nature (the progress merge: replaying a post changes
 * nothing), on the hottest write path: no transaction is held around the operation. A key seen before with the same
 * request replays the stored answer without running the operation again; the same key with another request is
 * `409 idempotency_conflict`. Two copies racing in at the same instant may both run — harmless by the operation's
 * nature — and the first answer is kept. A failed operation stores nothing (the retry runs it).
 */
export async function withNaturalIdempotency<T>(
  deps: Pick<Deps, "db" | "now">,
  auth: Pick<AuthInfo, "userId">,
  key: string | undefined,
  hash: string,
  fn: () => Promise<T>,
): Promise<IdempotentResult<T>> {
  if (key === undefined) return { result: await fn(), replayed: false };
  const where = and(eq(idempotencyKeys.userId, auth.userId), eq(idempotencyKeys.key, key));
  const [previous] = await deps.db.select().from(idempotencyKeys).where(where).limit(1);
  const now = deps.now();
  const replay = previous ? replayOf<T>({ ...previous, createdAtMs: previous.createdAt.getTime() }, hash, now) : null;
  if (replay) return replay;
  const result = await fn();
  await deps.db
    .insert(idempotencyKeys)
    .values({ userId: auth.userId, key, requestHash: hash, createdAt: now, status: 200, response: result })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { requestHash: hash, createdAt: now, status: 200, response: result },
      // A fresh answer stored by a racing copy stays: the first answer is the one replayed.
      setWhere: sql`${idempotencyKeys.status} is null or ${idempotencyKeys.createdAt} < ${new Date(now.getTime() - IDEMPOTENCY_TTL_MS)}`,
    });
  return { result, replayed: false };
}
