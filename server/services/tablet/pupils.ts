/**
 * The pupils of a class tablet (issue 23): the grid (names and avatars, 16 a page, searchable), and signing in with a
 * 4-digit PIN or a sequence of 4 pictures among 9 (`PIN_PICTURES`), chosen the first time with the pupil's real password. A PIN is kept per tablet and pupil (argon2id),
 * dies after 5 wrong tries in a row (the real password then sets a new one), and is never stored on the device.
 * Only the pupils of the tablet's own class exist for it: any other id is 404.
 */
import { and, asc, count, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { PIN_MAX_TRIES, pinOfKind, TABLET_PAGE_SIZE, type PinKind, type TabletPupilDto, type TabletSessionDto } from "../../../domain/tablet";
import { personNames } from "../../../domain/user";
import { sessions, tabletPins, users } from "../../db/schema";
import { issueToken, type AuthInfo, type RequestOrigin } from "../../lib/auth";
import { hashPassword, hmac, verifyPassword } from "../../lib/crypto";
import type { Deps } from "../../lib/deps";
import { AppError, notFound } from "../../lib/errors";
import { avatarVersion, readStoredAvatar } from "../profile/profile";
import type { TabletPrincipal } from "./devices";

const PUPIL_TYPES = ["student", "influencer"] as const;

const inClass = (tablet: TabletPrincipal) => and(eq(users.divisionId, tablet.divisionId), inArray(users.userType, [...PUPIL_TYPES]));

/** The grid's address of a pupil's photo (served to the tablet of their class only), or null without one. */
function gridAvatar(userId: number, stored: string | null): string | null {
  const version = avatarVersion(stored);
  return version ? `/tablet/pupils/${userId}/avatar?v=${version}` : null;
}

/** A page of the class's pupils, by first then last name; `q` matches either (or both, "Yasmine Ben"). */
export async function listTabletPupils(deps: Deps, tablet: TabletPrincipal, page: number, q: string) {
  const words = q.split(/\s+/).filter(Boolean).slice(0, 4);
  const like = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = and(inClass(tablet), ...words.map((w) => or(ilike(users.name, like(w)), ilike(users.lastName, like(w)))));
  const [total] = await deps.db.select({ n: count() }).from(users).where(where);
  const rows = await deps.db
    .select({
      id: users.id,
      name: users.name,
      last_name: users.lastName,
      avatar: users.avatar,
      failures: tabletPins.failures,
      kind: tabletPins.kind,
    })
    .from(users)
    .leftJoin(tabletPins, and(eq(tabletPins.userId, users.id), eq(tabletPins.tabletId, tablet.id)))
    .where(where)
    .orderBy(asc(users.name), asc(users.lastName), asc(users.id))
    .limit(TABLET_PAGE_SIZE)
    .offset((page - 1) * TABLET_PAGE_SIZE);
  const payload: TabletPupilDto[] = rows.map((r) => ({
    id: r.id,
    ...personNames(r),
    avatar: gridAvatar(r.id, r.avatar),
    pin: r.failures === null ? "none" : r.failures >= PIN_MAX_TRIES ? "locked" : "set",
    pin_kind: r.kind === "pictures" ? "pictures" : "digits",
  }));
  return { payload, total: Number(total?.n ?? 0) };
}

async function pupilOfClass(deps: Deps, tablet: TabletPrincipal, userId: number) {
  const [u] = await deps.db.select().from(users).where(and(eq(users.id, userId), inClass(tablet))).limit(1);
  if (!u) throw notFound();
  return u;
}

/** The key that seals this pupil's unsent work on this tablet (derived, so each sign-in brings the same one). */
const vaultKey = (deps: Deps, tabletId: number, userId: number) => hmac(deps.secret, `tablet-vault:${tabletId}:${userId}`);

async function openSession(deps: Deps, tablet: TabletPrincipal, u: typeof users.$inferSelect, origin: RequestOrigin | null): Promise<TabletSessionDto> {
  const session = await issueToken(deps, deps.db, u.id, null, { ip: origin?.ip ?? null, device: `tablet:${tablet.id}` });
  return {
    token: session.token,
    expires_at: session.expiresAt.toISOString(),
    user_type: u.userType,
    vault_key: vaultKey(deps, tablet.id, u.id),
    pupil: { id: u.id, name: u.name, last_name: u.lastName, avatar: u.avatar },
  };
}

/** `POST /tablet/sign-in/pin`: the PIN opens a session; a wrong one counts, the fifth locks it (409 `pin_locked`). */
export async function signInWithPin(deps: Deps, tablet: TabletPrincipal, input: { user_id: number; pin: string }, origin: RequestOrigin | null) {
  const u = await pupilOfClass(deps, tablet, input.user_id);
  const [pin] = await deps.db
    .select()
    .from(tabletPins)
    .where(and(eq(tabletPins.tabletId, tablet.id), eq(tabletPins.userId, u.id)))
    .limit(1);
  if (!pin) throw new AppError(409, "pin_not_set");
  if (pin.failures >= PIN_MAX_TRIES) throw new AppError(409, "pin_locked");
  // A PIN of the other kind is a wrong try like any other (it cannot match).
  if (!pinOfKind(input.pin, pin.kind === "pictures" ? "pictures" : "digits") || !(await verifyPassword(pin.pinHash, input.pin))) {
    // Counted atomically: two wrong tries at once are two tries.
    const [after] = await deps.db
      .update(tabletPins)
      .set({ failures: sql`${tabletPins.failures} + 1` })
      .where(and(eq(tabletPins.tabletId, tablet.id), eq(tabletPins.userId, u.id)))
      .returning({ failures: tabletPins.failures });
    if ((after?.failures ?? PIN_MAX_TRIES) >= PIN_MAX_TRIES) throw new AppError(409, "pin_locked");
    throw new AppError(422, "pin_invalid", { pin: ["pin_invalid"] });
  }
  const [still] = await deps.db
    .update(tabletPins)
    .set({ failures: 0 })
    .where(and(eq(tabletPins.tabletId, tablet.id), eq(tabletPins.userId, u.id), sql`${tabletPins.failures} < ${PIN_MAX_TRIES}`))
    .returning({ failures: tabletPins.failures });
  // A wrong try that locked the PIN while this one was being checked wins.
  if (!still) throw new AppError(409, "pin_locked");
  if (u.passwordExpired) throw new AppError(403, "password_expired");
  return openSession(deps, tablet, u, origin);
}

/** `POST /tablet/sign-in/password`: the real password opens a session and sets the pupil's (new) PIN on this tablet. */
export async function signInWithPassword(
  deps: Deps,
  tablet: TabletPrincipal,
  input: { user_id: number; password: string; pin: string; pin_kind: PinKind },
  origin: RequestOrigin | null,
) {
  const u = await pupilOfClass(deps, tablet, input.user_id);
  if (!(await verifyPassword(u.passwordHash, input.password))) throw new AppError(401, "invalid_credentials", { password: ["invalid_credentials"] });
  if (u.passwordExpired) throw new AppError(403, "password_expired");
  const pinHash = await hashPassword(input.pin);
  const now = deps.now();
  await deps.db
    .insert(tabletPins)
    .values({ tabletId: tablet.id, userId: u.id, pinHash, kind: input.pin_kind, failures: 0, updatedAt: now })
    .onConflictDoUpdate({ target: [tabletPins.tabletId, tabletPins.userId], set: { pinHash, kind: input.pin_kind, failures: 0, updatedAt: now } });
  return openSession(deps, tablet, u, origin);
}

/** `GET /tablet/pupils/{id}/avatar`: the photo of a pupil of the tablet's class (404 for anyone else, or without one). */
export async function tabletPupilAvatar(deps: Deps, tablet: TabletPrincipal, userId: number) {
  const u = await pupilOfClass(deps, tablet, userId);
  return readStoredAvatar(deps, u.avatar);
}

/**
 * `POST /tablet/vault-key`: the signed-in pupil's key again (the page was reloaded since their sign-in, and the key is
 * only ever held in memory), for a session opened on this very tablet only.
 */
export async function vaultKeyAgain(deps: Deps, tablet: TabletPrincipal, auth: AuthInfo | null): Promise<{ vault_key: string }> {
  if (!auth) throw new AppError(401, "unauthorized");
  const [s] = await deps.db.select({ device: sessions.device }).from(sessions).where(eq(sessions.id, auth.sessionId)).limit(1);
  if (s?.device !== `tablet:${tablet.id}`) throw notFound();
  return { vault_key: vaultKey(deps, tablet.id, auth.userId) };
}
