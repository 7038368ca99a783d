import { createFileRoute } from "@tanstack/react-router";
import { loadSignedInUser } from "@/features/auth/guard";
import { AuthLayout } from "@/features/auth/components/AuthLayout";

/** Signed-in steps shown without the shell: verification and the forced password change. */
export const Route = createFileRoute("/_gate")({
  beforeLoad: async ({ context }) => ({ me: await loadSignedInUser(context.queryClient) }),
  component: AuthLayout,
});
