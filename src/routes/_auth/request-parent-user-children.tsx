import { createFileRoute, redirect } from "@tanstack/react-router";
import { parentInboxQueryOptions } from "@/features/parents/api/getParentInbox";
import { ParentSpaceScreen } from "@/features/parents/screens/ParentSpaceScreen";

/** A parent's own space; any other account goes home. */
export const Route = createFileRoute("/_auth/request-parent-user-children")({
  beforeLoad: ({ context }) => {
    if (context.me.user_type !== "parent") throw redirect({ to: "/" });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(parentInboxQueryOptions),
  component: ParentSpaceScreen,
});
