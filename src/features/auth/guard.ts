import { redirect } from "@tanstack/react-router";
import type { QueryClient } from "@tanstack/react-query";
import type { Me } from "@domain/user";
import { parentRedirect, requiredRedirect } from "@domain/guards";
import { isSessionEnded } from "@/lib/api";
import { configQueryOptions } from "@/lib/config";
import { clearSession, getSession } from "@/lib/session";
import { meQueryOptions } from "@/lib/me";

/** Never settles: used while the browser leaves for another site. */
const leaving = () => new Promise<never>(() => {});

/**
 * Loads the signed-in user for a protected route. No token → /login. A 401 clears the device and goes
 * to /login (or the external registration page under admin impersonation). Offline, the profile comes from the
 * pupil's persisted query cache (`src/lib/offline/queryCache.ts`), restored before the first render. Teachers go to
 * the teacher app.
 */
export async function loadSignedInUser(queryClient: QueryClient): Promise<Me> {
  const session = getSession();
  if (!session) throw redirect({ to: "/login" });
  let me: Me;
  try {
    // From the device at once when it is there (refreshed in the background), from the server otherwise.
    me = await queryClient.ensureQueryData({ ...meQueryOptions, revalidateIfStale: true });
  } catch (err) {
    if (isSessionEnded(err)) {
      const impersonating = Boolean(session.adminUserId);
      clearSession();
      queryClient.clear();
      if (impersonating) {
        const config = await queryClient.ensureQueryData(configQueryOptions);
        window.location.assign(config.registrationUrl);
        return leaving();
      }
      throw redirect({ to: "/login" });
    }
    throw err;
  }
  if (me.user_type === "teacher") {
    const config = await queryClient.ensureQueryData(configQueryOptions);
    window.location.assign(config.teacherAppUrl);
    return leaving();
  }
  return me;
}

/** The gates of SPEC §2 for a route of the signed-in app, then a parent's pupil pages (their own space instead). */
export function enforceGates(me: Me, pathname: string): void {
  const target = requiredRedirect({ me, impersonating: Boolean(getSession()?.adminUserId ?? me.adminId) }, pathname) ?? parentRedirect(me.user_type, pathname);
  if (target && target !== pathname) throw redirect({ href: target });
}
