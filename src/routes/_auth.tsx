import { createFileRoute } from "@tanstack/react-router";
import { enforceGates, loadSignedInUser } from "@/features/auth/guard";
import { AppLayout } from "@/app/shell/AppLayout";
import { configQueryOptions } from "@/lib/config";

/** The signed-in app with its shell; every gate of SPEC §2 runs before a page loads. */
export const Route = createFileRoute("/_auth")({
  beforeLoad: async ({ context, location }) => {
    const me = await loadSignedInUser(context.queryClient);
    // External links of the shell (forum, terms): fetched alongside, never blocking the page.
    void context.queryClient.prefetchQuery(configQueryOptions);
    enforceGates(me, location.pathname);
    return { me };
  },
  component: AppLayout,
});
