/**
 * Social sign-in (issue 21). `startSocial` binds a random state, PKCE verifier and nonce to this browser in a signed,
 * short-lived HttpOnly SameSite cookie and returns the provider's URL; `finishSocial` checks the returned state against
 * that cookie (missing or different: refused), lets the adapter exchange the code and verify the identity, then signs
 * in, creates or links by the provider's subject id — never by the e-mail alone (see `accountFor`).
 */
import { timingSafeEqual } from "node:crypto";
import { generateCodeVerifier, generateState } from "arctic";
import { and, eq, sql } from "drizzle-orm";
import type { SocialProvider } from "../../../domain/social";
import { socialAdapters, type SocialAdapter, type SocialIdentity } from "../../adapters/social";
import { users, wallets } from "../../db/schema";
import { issueToken, type RequestOrigin } from "../../lib/auth";
import { hashPassword, hmac, randomToken, safeEqualHex } from "../../lib/crypto";
import type { Deps } from "../../lib/deps";
import { AppError } from "../../lib/errors";
import { publicUrl } from "../../lib/public-url";

export const SOCIAL_COOKIE = "darsi_social";
/** Ten minutes to come back from the provider. */
export const SOCIAL_COOKIE_SECONDS = 600;

interface Pending {
  provider: SocialProvider;
  state: string;
  verifier: string;
  nonce: string;
  /** Set when a signed-in pupil links the provider from /mon-profil. */
  linkUserId?: number;
  nextPage?: "offres";
  referral?: string;
  expires: number;
}

const adaptersByEnv = new WeakMap<object, ReturnType<typeof socialAdapters>>();
function adapters(deps: Pick<Deps, "env">) {
  let found = adaptersByEnv.get(deps.env);
  if (!found) adaptersByEnv.set(deps.env, (found = socialAdapters(deps.env)));
  return found;
}

export function configuredProviders(deps: Pick<Deps, "env">): SocialProvider[] {
  return (Object.keys(adapters(deps)) as SocialProvider[]).sort();
}

function adapter(deps: Pick<Deps, "env">, provider: SocialProvider): SocialAdapter {
  const found = adapters(deps)[provider];
  if (!found) throw new AppError(404, "social_unavailable");
  return found;
}

const redirectUri = (deps: Pick<Deps, "env">, provider: SocialProvider, requestUrl: string) =>
  publicUrl(deps.env, `/login/${provider}/callback`, requestUrl);

function seal(deps: Pick<Deps, "secret">, pending: Pending): string {
  const body = Buffer.from(JSON.stringify(pending)).toString("base64url");
  return `${body}.${hmac(deps.secret, `social:${body}`)}`;
}

function unseal(deps: Pick<Deps, "secret" | "now">, cookie: string | undefined): Pending | null {
  const [body, mac] = (cookie ?? "").split(".");
  if (!body || !mac || !safeEqualHex(mac, hmac(deps.secret, `social:${body}`))) return null;
  try {
    const pending = JSON.parse(Buffer.from(body, "base64url").toString()) as Pending;
    return pending.expires > deps.now().getTime() ? pending : null;
  } catch {
    return null;
  }
}

/** Starts a round trip: the cookie's value (for the route to set) and the provider's URL. */
export function startSocial(
  deps: Pick<Deps, "env" | "secret" | "now">,
  input: { provider: SocialProvider; requestUrl: string; linkUserId?: number; nextPage?: "offres"; referral?: string },
): { cookie: string; url: string } {
  const chosen = adapter(deps, input.provider);
  const pending: Pending = {
    provider: input.provider,
    state: generateState(),
    verifier: generateCodeVerifier(),
    nonce: randomToken(24),
    ...(input.linkUserId ? { linkUserId: input.linkUserId } : {}),
    ...(input.nextPage ? { nextPage: input.nextPage } : {}),
    ...(input.referral ? { referral: input.referral } : {}),
    expires: deps.now().getTime() + SOCIAL_COOKIE_SECONDS * 1000,
  };
  const url = chosen.authorizationUrl({ state: pending.state, codeVerifier: pending.verifier, nonce: pending.nonce, redirectUri: redirectUri(deps, input.provider, input.requestUrl) });
  return { cookie: seal(deps, pending), url: url.toString() };
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export type SocialOutcome =
  | { outcome: "signed_in"; token: string; expires_at: string; user_type: string; redirect?: string; nextPage?: "offres"; referral?: string; created: boolean }
  | { outcome: "linked" };

/**
 * The provider's return. Fails closed: no cookie, another provider's, an expired or forged one, a different state, a
 * provider error (`access_denied`) or a code the provider refuses (another session's, replayed) all end in 401
 * `social_failed` (or `social_denied`) and change nothing.
 */
export async function finishSocial(
  deps: Deps,
  input: { provider: SocialProvider; cookie: string | undefined; code?: string; state?: string; error?: string; requestUrl: string; signedInUserId: number | null; origin: RequestOrigin | null },
): Promise<SocialOutcome> {
  const chosen = adapter(deps, input.provider);
  const pending = unseal(deps, input.cookie);
  if (!pending || pending.provider !== input.provider || !input.state || !sameText(pending.state, input.state)) throw new AppError(401, "social_failed");
  if (input.error) throw new AppError(401, "social_denied");
  if (!input.code) throw new AppError(401, "social_failed");
  const identity = await chosen.identify({ code: input.code, codeVerifier: pending.verifier, nonce: pending.nonce, redirectUri: redirectUri(deps, input.provider, input.requestUrl) });

  if (pending.linkUserId !== undefined) {
    // Linking belongs to the account that asked for it, in this browser, still signed in.
    if (input.signedInUserId !== pending.linkUserId) throw new AppError(401, "social_failed");
    await link(deps, pending.linkUserId, input.provider, identity);
    return { outcome: "linked" };
  }
  const { userId, created } = await accountFor(deps, input.provider, identity, pending.referral);
  const [user] = await deps.db.select({ userType: users.userType, passwordExpired: users.passwordExpired }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(401, "social_failed");
  const session = await issueToken(deps, deps.db, userId, null, input.origin);
  return {
    outcome: "signed_in",
    token: session.token,
    expires_at: session.expiresAt.toISOString(),
    user_type: user.userType,
    ...(user.userType === "teacher" ? { redirect: deps.env.TEACHER_APP_URL } : {}),
    ...(pending.nextPage ? { nextPage: pending.nextPage } : {}),
    ...(pending.referral ? { referral: pending.referral } : {}),
    created,
  };
}

const column = (provider: SocialProvider) => (provider === "google" ? users.googleId : users.facebookId);

/**
 * Who signs in: the account holding this subject id; else, when the provider says the e-mail is verified and an
 * account has that e-mail verified too, that account (linked now); else a new account if no account has the e-mail.
 * An account with that e-mail unproven on either side is not touched: its owner signs in with the password and links
 * the provider from /mon-profil (409 `social_link_required`).
 */
async function accountFor(deps: Deps, provider: SocialProvider, identity: SocialIdentity, referral: string | undefined) {
  const [known] = await deps.db.select({ id: users.id }).from(users).where(eq(column(provider), identity.subject));
  if (known) return { userId: known.id, created: false };
  if (identity.email) {
    const [owner] = await deps.db
      .select({ id: users.id, emailVerified: users.emailVerified, googleId: users.googleId, facebookId: users.facebookId })
      .from(users)
      .where(sql`lower(${users.email}) = ${identity.email}`);
    if (owner) {
      const linkedElsewhere = provider === "google" ? owner.googleId : owner.facebookId;
      if (!identity.emailVerified || !owner.emailVerified || linkedElsewhere) throw new AppError(409, "social_link_required");
      await deps.db.update(users).set(provider === "google" ? { googleId: identity.subject } : { facebookId: identity.subject }).where(eq(users.id, owner.id));
      return { userId: owner.id, created: false };
    }
  }
  const passwordHash = await hashPassword(randomToken(24));
  const now = deps.now();
  try {
    const userId = await deps.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          userType: "student",
          name: identity.givenName || (provider === "google" ? "Google" : "Facebook"),
          lastName: identity.familyName,
          email: identity.email,
          emailVerified: identity.emailVerified,
          passwordHash,
          hasPassword: false,
          // The provider vouched for the person: no code to confirm; the profile (class, phone) is asked next.
          verified: true,
          completed: false,
          googleId: provider === "google" ? identity.subject : null,
          facebookId: provider === "facebook" ? identity.subject : null,
          passwordChangedAt: now,
          referralCode: referral || null,
          createdAt: now,
        })
        .returning({ id: users.id });
      if (!user) throw new Error("insert returned nothing");
      await tx.insert(wallets).values({ ownerId: user.id, balance: 0, kind: "user" });
      return user.id;
    });
    return { userId, created: true };
  } catch (error) {
    // Two returns of the same identity at once: the unique index keeps one account; the loser signs in to it.
    const [again] = await deps.db.select({ id: users.id }).from(users).where(eq(column(provider), identity.subject));
    if (again) return { userId: again.id, created: false };
    throw error;
  }
}

async function link(deps: Deps, userId: number, provider: SocialProvider, identity: SocialIdentity) {
  const [holder] = await deps.db.select({ id: users.id }).from(users).where(eq(column(provider), identity.subject));
  if (holder && holder.id !== userId) throw new AppError(409, "social_already_linked");
  await deps.db.update(users).set(provider === "google" ? { googleId: identity.subject } : { facebookId: identity.subject }).where(eq(users.id, userId));
}

/** Unlinks a provider while the account keeps another way in (a password it knows, or the other provider). */
export async function unlinkSocial(deps: Deps, userId: number, provider: SocialProvider): Promise<void> {
  const [user] = await deps.db.select({ hasPassword: users.hasPassword, googleId: users.googleId, facebookId: users.facebookId }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(404, "not_found");
  const other = provider === "google" ? user.facebookId : user.googleId;
  if (!user.hasPassword && !other) throw new AppError(409, "social_last_way_in");
  await deps.db
    .update(users)
    .set(provider === "google" ? { googleId: null } : { facebookId: null })
    .where(and(eq(users.id, userId)));
}
