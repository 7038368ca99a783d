import { createFileRoute } from "@tanstack/react-router";
import { HistoryScreen } from "@/features/history/screens/HistoryScreen";

export const Route = createFileRoute("/_auth/historique")({
  component: HistoryScreen,
});
