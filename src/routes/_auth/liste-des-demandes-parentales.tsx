import { createFileRoute } from "@tanstack/react-router";
import { meKey } from "@/lib/me";
import { myParentRequestsQueryOptions } from "@/features/parents/api/getMyParentRequests";
import { ParentRequestsScreen } from "@/features/parents/screens/ParentRequestsScreen";

export const Route = createFileRoute("/_auth/liste-des-demandes-parentales")({
  loader: async ({ context }) => {
    // Fresh answers, and the menu's "pending" highlight follows them (it reads /auth/me).
    await context.queryClient.fetchQuery({ ...myParentRequestsQueryOptions, staleTime: 0 });
    void context.queryClient.invalidateQueries({ queryKey: meKey });
  },
  component: ParentRequestsScreen,
});
