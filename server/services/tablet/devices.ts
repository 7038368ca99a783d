/**
 * Class tablets (issue 23): a one-time code (15 minutes, used once) turns a device into a tablet of one class, which
 * keeps a device credential — never a pupil's password. Only keyed hashes of codes and credentials are stored. The
 * same kind of code turns a tablet of its class off; the operator may also revoke a tablet by its id.
 */
import { and, eq, gt, isNull } from "drizzle-orm";
import { TABLET_CODE_MINUTES, type TabletCodeDto, type TabletDto, type TabletRevokedDto, type TabletUnlockDto } from "../../../domain/tablet";
import { divisions, tabletCodes, tablets } from "../../db/schema";
import { hmac, randomCode, randomToken } from "../../lib/crypto";
import type { Deps } from "../../lib/deps";
import { AppError, notFound } from "../../lib/errors";

/** The tablet a device credential opens (live, not revoked). */
export interface TabletPrincipal {
  id: number;
  divisionId: number;
  divisionName: string;
  idleMinutes: number;
}

const codeHash = (secret: string, code: string) => hmac(secret, `tablet-code:${code.toUpperCase()}`);
const credentialHash = (secret: string, credential: string) => hmac(secret, `tablet-credential:${credential}`);
const invalidCode = () => new AppError(422, "tablet_code_invalid", { code: ["tablet_code_invalid"] });

async function findDivision(deps: Deps, division: string): Promise<{ id: number; name: string }> {
  const [row] = await deps.db
    .select({ id: divisions.id, name: divisions.name })
    .from(divisions)
    .where(/^\d{1,9}$/.test(division) ? eq(divisions.id, Number(division)) : eq(divisions.name, division))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** `npm run admin -- tablet-code <class id|name>`: a fresh one-time code for the class (shown once, stored hashed). */
export async function createTabletCode(deps: Deps, division: string, idleMinutes: number): Promise<TabletCodeDto> {
  const d = await findDivision(deps, division);
  const code = randomCode(8);
  const expiresAt = new Date(deps.now().getTime() + TABLET_CODE_MINUTES * 60_000);
  await deps.db.insert(tabletCodes).values({ divisionId: d.id, codeHash: codeHash(deps.secret, code), idleMinutes, expiresAt, createdAt: deps.now() });
  return { code, division_id: d.id, division_name: d.name, idle_minutes: idleMinutes, expires_at: expiresAt.toISOString() };
}

/** Uses a code once (atomically: two devices typing it at once, one wins); null when wrong, used or expired. */
async function consumeCode(deps: Deps, code: string, divisionId?: number) {
  const now = deps.now();
  const [row] = await deps.db
    .update(tabletCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(tabletCodes.codeHash, codeHash(deps.secret, code)),
        isNull(tabletCodes.usedAt),
        gt(tabletCodes.expiresAt, now),
        divisionId === undefined ? undefined : eq(tabletCodes.divisionId, divisionId),
      ),
    )
    .returning();
  return row ?? null;
}

const toDto = (t: TabletPrincipal): TabletDto => ({ id: t.id, division_id: t.divisionId, division_name: t.divisionName, idle_minutes: t.idleMinutes });

/** `POST /tablet/enable`: the code turns this device into a class tablet; the credential is answered once. */
export async function enableTablet(deps: Deps, code: string): Promise<{ tablet: TabletDto; credential: string }> {
  const used = await consumeCode(deps, code);
  if (!used) throw invalidCode();
  const credential = randomToken(32);
  const [t] = await deps.db
    .insert(tablets)
    .values({ divisionId: used.divisionId, credentialHash: credentialHash(deps.secret, credential), idleMinutes: used.idleMinutes, createdAt: deps.now() })
    .returning();
  const d = await findDivision(deps, String(used.divisionId));
  return { tablet: toDto({ id: t!.id, divisionId: d.id, divisionName: d.name, idleMinutes: t!.idleMinutes }), credential };
}

/** The live tablet of a device credential (the `X-Tablet-Key` header); 401 `tablet_required` otherwise. */
export async function requireTablet(deps: Deps, credential: string | undefined): Promise<TabletPrincipal> {
  if (!credential || credential.length > 100) throw new AppError(401, "tablet_required");
  const [row] = await deps.db
    .select({ id: tablets.id, divisionId: tablets.divisionId, divisionName: divisions.name, idleMinutes: tablets.idleMinutes })
    .from(tablets)
    .innerJoin(divisions, eq(divisions.id, tablets.divisionId))
    .where(and(eq(tablets.credentialHash, credentialHash(deps.secret, credential)), isNull(tablets.revokedAt)))
    .limit(1);
  if (!row) throw new AppError(401, "tablet_required");
  return row;
}

export const tabletDto = toDto;

/** `POST /tablet/disable`: a fresh code of the tablet's class turns it off (its credential stops working). */
export async function disableTablet(deps: Deps, tablet: TabletPrincipal, code: string): Promise<TabletRevokedDto> {
  const used = await consumeCode(deps, code, tablet.divisionId);
  if (!used) throw invalidCode();
  return revokeTablet(deps, tablet.id);
}

/**
 * `POST /tablet/unlock` (kiosk, issue 23 item 5): a pupil on the tablet may open an external link (forum, terms, a
 * video on YouTube) only once a teacher typed a fresh code of the tablet's class; the code is used up, like any.
 */
export async function unlockExternalLink(deps: Deps, tablet: TabletPrincipal, code: string): Promise<TabletUnlockDto> {
  const used = await consumeCode(deps, code, tablet.divisionId);
  if (!used) throw invalidCode();
  return { unlocked_at: deps.now().toISOString() };
}

/** `npm run admin -- tablet-revoke <tablet id>`: the device credential stops working at once (once; 404 after). */
export async function revokeTablet(deps: Deps, id: number): Promise<TabletRevokedDto> {
  const now = deps.now();
  const [row] = await deps.db
    .update(tablets)
    .set({ revokedAt: now })
    .where(and(eq(tablets.id, id), isNull(tablets.revokedAt)))
    .returning({ id: tablets.id });
  if (!row) throw notFound();
  return { id: row.id, revoked_at: now.toISOString() };
}
