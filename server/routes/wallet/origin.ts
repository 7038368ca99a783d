import type { Context } from "hono";
import type { Deps } from "../../lib/deps";

/** The app's public origin for URLs given to a gateway (return, failure, notify): PUBLIC_URL, else the request's. */
export function publicOrigin(deps: Pick<Deps, "env">, c: Context): string {
  return deps.env.PUBLIC_URL ? new URL(deps.env.PUBLIC_URL).origin : new URL(c.req.url).origin;
}
