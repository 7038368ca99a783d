import { createFileRoute } from "@tanstack/react-router";
import { EmptyCartScreen } from "@/features/referral/screens/EmptyCartScreen";

export const Route = createFileRoute("/_auth/parrain/empty-cart")({
  component: EmptyCartScreen,
});
