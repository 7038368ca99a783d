import type { Env } from "../env";

/**
 * The app's public origin, the base of every absolute URL the server builds (payment return and notification URLs,
 * operator returns, push links, links in e-mails and SMS, the admin command's links): `PUBLIC_URL` whenever it is set
 * (always in production, checked at boot) — never the request's `Host` header, which a client chooses. Without it
 * (development only), the origin the request came to, else this machine's server.
 */
export function publicOrigin(env: Pick<Env, "PUBLIC_URL" | "PORT">, requestUrl?: string): string {
  if (env.PUBLIC_URL) return new URL(env.PUBLIC_URL).origin;
  if (requestUrl) return new URL(requestUrl).origin;
  return `http://localhost:${env.PORT || 3000}`;
}

/** An absolute URL of the app: `path` (an app route or an API path, starting with `/`) on the public origin. */
export function publicUrl(env: Pick<Env, "PUBLIC_URL" | "PORT">, path: string, requestUrl?: string): string {
  return new URL(path, `${publicOrigin(env, requestUrl)}/`).toString();
}
