import { createFileRoute } from "@tanstack/react-router";
import { ConvertCoinsScreen } from "@/features/referral/screens/ConvertCoinsScreen";

export const Route = createFileRoute("/_auth/convert-coins")({
  component: ConvertCoinsScreen,
});
