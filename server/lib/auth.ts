import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { sign, verify } from "hono/jwt";
import { sessions, users } from "../db/schema";
import type { Db } from "../db/client";
import { executeByIds, preparedFor } from "../db/prepared";
import type { Deps } from "./deps";
import { batcherPer, createBatcher } from "./batcher";
import { AppError } from "./errors";

/** Only this algorithm is accepted; a token signed otherwise (or `none`) is rejected. */
const ALG = "HS256" as const;

/** The account gates of SPEC §2, in the order the app leads a pupil through them. */
export type AccountGate = "unverified" | "password_change" | "incomplete_profile";

const GATE_ERROR: Record<AccountGate, "not_verified" | "password_change_required" | "profile_incomplete"> = {
  unverified: "not_verified",
  password_change: "password_change_required",
  incomplete_profile: "profile_incomplete",
};

export interface AuthInfo {
  userId: number;
  sessionId: string;
  adminId: number | null;
  userType: string;
  token: string;
  expiresAt: Date;
  /** The gates this session stands at, in order (none under admin impersonation: SPEC §2 and §6). */
  gates: AccountGate[];
  /** The class tablet this session was opened on (`sessions.device` `tablet:<id>`, issue 23), else null. */
  tabletId: number | null;
}

/** The tablet id of a session's `device` (`tablet:<id>`), or null. */
function tabletOfDevice(device: string | null): number | null {
  const m = device ? /^tablet:(\d{1,9})$/.exec(device) : null;
  return m ? Number(m[1]) : null;
}

interface GateFacts {
  verified: boolean;
  mustChangePassword: boolean;
  completed: boolean;
  googleId: string | null;
  facebookId: string | null;
}

/** Which gates of SPEC §2 an account stands at; an impersonating admin's session passes them all. */
/** The account's columns that `accountGates` reads, for a select joined to `users`. */
export const GATE_COLUMNS = {
  verified: users.verified,
  mustChangePassword: users.mustChangePassword,
  completed: users.completed,
  googleId: users.googleId,
  facebookId: users.facebookId,
};

export function accountGates(user: GateFacts, adminId: number | null): AccountGate[] {
  if (adminId !== null) return [];
  const gates: AccountGate[] = [];
  if (!user.verified) gates.push("unverified");
  if (user.mustChangePassword) gates.push("password_change");
  if ((user.googleId || user.facebookId) && !user.completed) gates.push("incomplete_profile");
  return gates;
}

/**
 * 403 with the gate's code when the session stands at a gate the operation does not stay open through
 * (`RouteDef.passGates`); the first such gate in the app's order decides.
 */
export function enforceGates(auth: Pick<AuthInfo, "gates">, passGates: readonly AccountGate[] = []): void {
  const stop = auth.gates.find((g) => !passGates.includes(g));
  if (stop) throw new AppError(403, GATE_ERROR[stop]);
}

/**
 * Where a request came from: its IP address and its device — the app's own device id (`X-Device-Id`, a random id the
 * browser keeps, `src/lib/device.ts`), never the User-Agent, which phones of one model share. A session remembers where
 * it was opened.
 */
export interface RequestOrigin {
  ip: string | null;
  device: string | null;
}

const DEVICE_ID = /^[A-Za-z0-9-]{16,64}$/;

/** The origin of a request: its IP and its well-formed device id, else no device. */
export function requestOrigin(ip: string | null, deviceHeader: string | undefined): RequestOrigin {
  const device = deviceHeader?.trim() ?? "";
  return { ip, device: DEVICE_ID.test(device) ? device : null };
}

/** The token of an `Authorization: Bearer …` header (the scheme is case-insensitive, RFC 9110 §11.1), or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? "");
  return match ? match[1]! : null;
}

export async function issueToken(
  deps: Pick<Deps, "secret" | "env" | "now">,
  db: Db,
  userId: number,
  adminId: number | null = null,
  origin: RequestOrigin | null = null,
): Promise<{ token: string; expiresAt: Date }> {
  const id = randomUUID();
  const now = deps.now();
  const ttlMs = adminId ? 2 * 60 * 60 * 1000 : deps.env.TOKEN_TTL_HOURS * 60 * 60 * 1000;
  const expiresAt = new Date(now.getTime() + ttlMs);
  await db.insert(sessions).values({ id, userId, adminId, createdAt: now, expiresAt, ip: origin?.ip ?? null, device: origin?.device ?? null });
  const token = await sign(
    { sub: String(userId), sid: id, iat: Math.floor(now.getTime() / 1000), exp: Math.floor(expiresAt.getTime() / 1000) },
    deps.secret,
    ALG,
  );
  return { token, expiresAt };
}

/**
 * Tokens whose signature was already verified, per signing secret (WebCrypto HMAC verification is the costliest
 * step of an authenticated request: about a sixth of the server's CPU per progress post). Keyed by the whole token,
 * so only the exact bytes once verified hit; the expiry is still checked on every use, and so is the session row.
 * Bounded: the oldest entries go first.
 */
const VERIFIED_MAX = 20_000;
const verifiedBySecret = new Map<string, Map<string, Record<string, unknown>>>();

async function verifiedClaims(token: string, secret: string): Promise<Record<string, unknown> | null> {
  let cache = verifiedBySecret.get(secret);
  if (!cache) verifiedBySecret.set(secret, (cache = new Map()));
  const hit = cache.get(token);
  if (hit) {
    if (typeof hit.exp === "number" && hit.exp * 1000 <= Date.now()) {
      cache.delete(token);
      return null;
    }
    return hit;
  }
  let claims: Record<string, unknown>;
  try {
    // No `iat` check: it compares with this host's wall clock and rejects tokens of a process whose clock runs ahead.
    claims = (await verify(token, secret, { alg: ALG, iat: false })) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (cache.size >= VERIFIED_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(token, claims);
  return claims;
}

interface LiveSession {
  s: typeof sessions.$inferSelect;
  userType: string;
  gate: GateFacts;
}

/** The live (not revoked) session rows of one id or several (`executeByIds`). */
const selectLive = (db: Db) =>
  db
    .select({
      s: sessions,
      userType: users.userType,
      gate: GATE_COLUMNS,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId));

const liveSessions = preparedFor((db) =>
  selectLive(db)
    .where(and(sql`${sessions.id} = any(${sql.placeholder("ids")}::uuid[])`, isNull(sessions.revokedAt)))
    .prepare("auth_live_sessions"),
);

const liveSession = preparedFor((db) =>
  selectLive(db)
    .where(and(eq(sessions.id, sql.placeholder("id")), isNull(sessions.revokedAt)))
    .prepare("auth_live_session"),
);

/**
 * The live session rows, read for all the requests of a moment in one statement (`createBatcher`): every
 * authenticated request checks its session, so under load this is one round trip for many requests.
 */
const sessionLoader = batcherPer((db: Db) =>
  createBatcher<string, LiveSession | null>(async (ids) => {
    const unique = [...new Set(ids)];
    const rows = await executeByIds(liveSession(db), liveSessions(db), unique);
    const byId = new Map(rows.map((r) => [r.s.id, r]));
    return ids.map((id) => byId.get(id) ?? null);
  }),
);

/** Resolves a bearer token to its live session, or null (bad signature, expired, logged out, password changed). */
export async function authenticate(deps: Pick<Deps, "db" | "secret" | "now">, header: string | undefined): Promise<AuthInfo | null> {
  const token = bearerToken(header);
  if (!token) return null;
  const claims = await verifiedClaims(token, deps.secret);
  if (!claims) return null;
  const sid = claims.sid;
  if (typeof sid !== "string" || !/^[0-9a-f-]{36}$/.test(sid)) return null;
  const row = await sessionLoader(deps.db)(sid);
  if (!row) return null;
  const now = deps.now();
  if (row.s.expiresAt <= now) return null;
  if (String(row.s.userId) !== claims.sub) return null;
  return {
    userId: row.s.userId,
    sessionId: row.s.id,
    adminId: row.s.adminId,
    userType: row.userType,
    token,
    expiresAt: row.s.expiresAt,
    gates: accountGates(row.gate, row.s.adminId),
    tabletId: tabletOfDevice(row.s.device),
  };
}

/** Whether the session `sessionId` of `userId` still lives (not logged out, not expired): the batched session read. */
export async function isSessionLive(deps: Pick<Deps, "db" | "now">, sessionId: string, userId: number): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/.test(sessionId)) return false;
  const row = await sessionLoader(deps.db)(sessionId);
  return row !== null && row.s.userId === userId && row.s.expiresAt > deps.now();
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Db, userId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
