import { createFileRoute } from "@tanstack/react-router";
import { RequestResetScreen } from "@/features/auth/screens/RequestResetScreen";

export const Route = createFileRoute("/_public/create/reset-password")({
  component: RequestResetScreen,
});
