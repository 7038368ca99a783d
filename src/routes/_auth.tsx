import { createFileRoute, notFound } from "@tanstack/react-router";
import { enforceGates, loadSignedInUser } from "@/features/auth/guard";
import { getSession } from "@/lib/session";
import { AppLayout } from "@/app/shell/AppLayout";
import { configQueryOptions } from "@/lib/config";

/** The signed-in app with its shell; every gate of SPEC §2 runs before a page loads. */
export const Route = createFileRoute("/_auth")({
  beforeLoad: async ({ context, location, matches }) => {
    // An unknown path (the catch-all `_auth/$`) without a session: the not-found page, not the sign-in page.
    if (!getSession() && matches.some((m) => m.routeId === "/_auth/$")) throw notFound();
    const me = await loadSignedInUser(context.queryClient);
    // External links of the shell (forum, terms): fetched alongside, never blocking the page.
    void context.queryClient.prefetchQuery(configQueryOptions);
    enforceGates(me, location.pathname);
    return { me };
  },
  component: AppLayout,
});
