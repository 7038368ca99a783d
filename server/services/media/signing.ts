import { createHmac, timingSafeEqual } from "node:crypto";

/** Lifetime of a signed media link: long enough to watch a lesson, short enough to be useless when shared. */
export const MEDIA_TTL_S = 2 * 60 * 60;

export interface SignedMedia {
  /** The path with its signature: what the player or the <img> requests. */
  url: string;
  /** The protected-video pair of SPEC §3: the signature and the signed claims. */
  otp: string;
  playbackInfo: string;
  expiresAt: Date;
}

const mac = (secret: string, payload: string) => createHmac("sha256", `media:${secret}`).update(payload).digest("base64url");

/**
 * Signs a `/media/…` path for one user. The file can be fetched only with this signature, before it expires,
 * so a pupil without the offer (who never receives the link) cannot read the media.
 */
export function signMedia(secret: string, path: string, userId: number, now: Date, ttlSeconds = MEDIA_TTL_S): SignedMedia {
  const exp = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const otp = mac(secret, `${path}|${userId}|${exp}`);
  const playbackInfo = Buffer.from(JSON.stringify({ u: userId, exp })).toString("base64url");
  return { url: `${path}?otp=${otp}&playbackInfo=${playbackInfo}`, otp, playbackInfo, expiresAt: new Date(exp * 1000) };
}

/** Checks a media request: the signature matches the path and its claims, and has not expired. */
export function verifyMedia(secret: string, path: string, otp: string | undefined, playbackInfo: string | undefined, now: Date): boolean {
  if (!otp || !playbackInfo || otp.length > 100 || playbackInfo.length > 200) return false;
  let claims: { u?: unknown; exp?: unknown };
  try {
    claims = JSON.parse(Buffer.from(playbackInfo, "base64url").toString("utf8")) as { u?: unknown; exp?: unknown };
  } catch {
    return false;
  }
  if (typeof claims.u !== "number" || typeof claims.exp !== "number") return false;
  if (claims.exp * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(mac(secret, `${path}|${claims.u}|${claims.exp}`));
  const given = Buffer.from(otp);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
