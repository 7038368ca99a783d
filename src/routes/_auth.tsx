import { createFileRoute } from "@tanstack/react-router";
import { enforceGates, loadSignedInUser } from "@/features/auth/guard";
import { AppLayout } from "@/app/shell/AppLayout";

/** The signed-in app with its shell; every gate of SPEC §2 runs before a page loads. */
export const Route = createFileRoute("/_auth")({
  beforeLoad: async ({ context, location }) => {
    const me = await loadSignedInUser(context.queryClient);
    enforceGates(me, location.pathname);
    return { me };
  },
  component: AppLayout,
});
