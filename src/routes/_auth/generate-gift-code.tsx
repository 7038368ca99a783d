import { createFileRoute } from "@tanstack/react-router";
import { GenerateGiftCodeScreen } from "@/features/referral/screens/GenerateGiftCodeScreen";

export const Route = createFileRoute("/_auth/generate-gift-code")({
  component: GenerateGiftCodeScreen,
});
