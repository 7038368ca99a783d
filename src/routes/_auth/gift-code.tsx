import { createFileRoute } from "@tanstack/react-router";
import { GiftCodeScreen } from "@/features/referral/screens/GiftCodeScreen";
import { referralPageSearchSchema } from "@/features/referral/search";

// No loader: the screen reads the pupil first (fallback, redirect) and asks for its lists itself, so nothing of the
// referral programme sits in the app's entry (the home's first-load budget).
export const Route = createFileRoute("/_auth/gift-code")({
  validateSearch: referralPageSearchSchema,
  component: function Screen() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <GiftCodeScreen {...search} onChange={(next) => void navigate({ search: next })} />;
  },
});
