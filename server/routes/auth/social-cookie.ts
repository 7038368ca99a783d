import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Env } from "../../env";
import { SOCIAL_COOKIE, SOCIAL_COOKIE_SECONDS } from "../../services/auth/social";

/**
 * The round trip's cookie: HttpOnly (no script reads the PKCE verifier), SameSite=Lax (sent on the provider's top-level
 * return, never on another site's requests), only under /api/auth/social, ten minutes; Secure on an https origin.
 */
export function setSocialCookie(c: Context, env: Pick<Env, "PUBLIC_URL">, value: string) {
  setCookie(c, SOCIAL_COOKIE, value, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/api/auth/social",
    maxAge: SOCIAL_COOKIE_SECONDS,
    secure: (env.PUBLIC_URL ?? c.req.url).startsWith("https://"),
  });
}

export const readSocialCookie = (c: Context) => getCookie(c, SOCIAL_COOKIE);

/** One round trip per cookie: whatever the outcome, the return spends it. */
export const clearSocialCookie = (c: Context) => deleteCookie(c, SOCIAL_COOKIE, { path: "/api/auth/social" });
