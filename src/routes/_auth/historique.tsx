import { createFileRoute, redirect } from "@tanstack/react-router";
import { HistoryScreen } from "@/features/history/screens/HistoryScreen";

export const Route = createFileRoute("/_auth/historique")({
  // A parent's history is their space; the tables are a pupil's.
  beforeLoad: ({ context }) => {
    if (context.me.user_type === "parent") throw redirect({ to: "/request-parent-user-children" });
  },
  component: HistoryScreen,
});
