import { createFileRoute } from "@tanstack/react-router";
import { loadHome } from "@/features/home/api/loadHome";
import { HomeScreen } from "@/features/home/screens/HomeScreen";

export const Route = createFileRoute("/_auth/")({
  loader: ({ context }) => loadHome(context.queryClient),
  component: HomeScreen,
});
