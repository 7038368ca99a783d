import { createFileRoute } from "@tanstack/react-router";
import { NoCoinsScreen } from "@/features/referral/screens/NoCoinsScreen";

export const Route = createFileRoute("/_auth/parrain/no-coins")({
  component: NoCoinsScreen,
});
