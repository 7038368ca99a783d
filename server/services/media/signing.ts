import { createHmac, timingSafeEqual } from "node:crypto";

/** Lifetime of a signed media link: long enough to watch a lesson, short enough to be useless when shared. */
const MEDIA_TTL_S = 2 * 60 * 60;

export interface SignedMedia {
  /** The path with its signature: what the player or the <img> requests. */
  url: string;
  /** The protected-video pair of SPEC §3: the signature and the signed claims. */
  otp: string;
  playbackInfo: string;
  expiresAt: Date;
}

const mac = (secret: string, payload: string) => createHmac("sha256", `media:${secret}`).update(payload).digest("base64url");

/** Who a media link was signed for: the pupil and the session (login) that asked for it. */
export interface MediaGrant {
  userId: number;
  sessionId: string;
  /**
   * Signed for a free view (`isFreeView` of domain/learning.ts): the `/media/*` handler refuses it (403
   * `free_hours_exhausted`) once the pupil's free hours are used up, even before the link expires.
   */
  metered?: boolean;
}

/** What the signature covers: the path and every claim (a metered link's mark cannot be removed). */
const signed = (path: string, userId: number, sessionId: string, exp: number, metered: boolean) =>
  `${path}|${userId}|${sessionId}|${exp}${metered ? "|f" : ""}`;

/**
 * Signs a `/media/…` path for one session of one user. The file can be fetched only with this signature, before it
 * expires and while that session lives (the `/media/*` handler checks the session: a logout or a password change ends
 * the link at once), so a pupil without the offer (who never receives the link) cannot read the media.
 */
export function signMedia(secret: string, path: string, grant: MediaGrant, now: Date, ttlSeconds = MEDIA_TTL_S): SignedMedia {
  const exp = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const metered = grant.metered === true;
  const otp = mac(secret, signed(path, grant.userId, grant.sessionId, exp, metered));
  const claims = metered ? { u: grant.userId, s: grant.sessionId, exp, f: 1 } : { u: grant.userId, s: grant.sessionId, exp };
  const playbackInfo = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return { url: `${path}?otp=${otp}&playbackInfo=${playbackInfo}`, otp, playbackInfo, expiresAt: new Date(exp * 1000) };
}

/**
 * Checks a media request's signature: it matches the path and its claims, and has not expired. Answers whom it was
 * signed for (the caller then checks that the session still lives), or null.
 */
export function verifyMedia(secret: string, path: string, otp: string | undefined, playbackInfo: string | undefined, now: Date): MediaGrant | null {
  if (!otp || !playbackInfo || otp.length > 100 || playbackInfo.length > 300) return null;
  let claims: { u?: unknown; s?: unknown; exp?: unknown; f?: unknown };
  try {
    claims = JSON.parse(Buffer.from(playbackInfo, "base64url").toString("utf8")) as { u?: unknown; s?: unknown; exp?: unknown; f?: unknown };
  } catch {
    return null;
  }
  if (typeof claims !== "object" || claims === null) return null;
  if (typeof claims.u !== "number" || typeof claims.s !== "string" || typeof claims.exp !== "number") return null;
  if (claims.exp * 1000 <= now.getTime()) return null;
  if (claims.f !== undefined && claims.f !== 1) return null;
  const metered = claims.f === 1;
  const expected = Buffer.from(mac(secret, signed(path, claims.u, claims.s, claims.exp, metered)));
  const given = Buffer.from(otp);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId: claims.u, sessionId: claims.s, metered };
}
