import { createFileRoute } from "@tanstack/react-router";
import { ConfirmOrderScreen } from "@/features/referral/screens/ConfirmOrderScreen";

export const Route = createFileRoute("/_auth/parrain/confirm-order")({
  component: ConfirmOrderScreen,
});
