import { createFileRoute } from "@tanstack/react-router";
import { GiftProductsScreen } from "@/features/referral/screens/GiftProductsScreen";
import { referralPageSearchSchema } from "@/features/referral/search";

export const Route = createFileRoute("/_auth/parrain/products")({
  validateSearch: referralPageSearchSchema,
  component: function Screen() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <GiftProductsScreen
        {...search}
        onChange={(next) => void navigate({ search: next })}
      />
    );
  },
});
