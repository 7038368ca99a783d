import { createFileRoute, notFound } from "@tanstack/react-router";
import { PurchaseHistoryScreen } from "@/features/referral/screens/PurchaseHistoryScreen";
import { referralPageSearchSchema } from "@/features/referral/search";

const orderId = (id: string) => {
  const n = Number(id);
  if (!/^\d{1,10}$/.test(id) || n < 1) throw notFound();
  return n;
};

export const Route = createFileRoute("/_auth/parrain/purchase-history/$id")({
  validateSearch: referralPageSearchSchema,
  beforeLoad: ({ params }) => {
    orderId(params.id);
  },
  component: function Screen() {
    const { id } = Route.useParams();
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <PurchaseHistoryScreen
        id={orderId(id)}
        {...search}
        onChange={(next) => void navigate({ search: next })}
      />
    );
  },
});
