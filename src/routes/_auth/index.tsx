import { createFileRoute } from "@tanstack/react-router";
import { HomeScreen } from "@/features/home/screens/HomeScreen";

export const Route = createFileRoute("/_auth/")({
  component: HomeScreen,
});
