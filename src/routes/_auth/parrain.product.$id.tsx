import { createFileRoute, notFound } from "@tanstack/react-router";
import { GiftProductScreen } from "@/features/referral/screens/GiftProductScreen";

const giftId = (id: string) => {
  const n = Number(id);
  if (!/^\d{1,10}$/.test(id) || n < 1) throw notFound();
  return n;
};

export const Route = createFileRoute("/_auth/parrain/product/$id")({
  beforeLoad: ({ params }) => {
    giftId(params.id);
  },
  component: function Screen() {
    const { id } = Route.useParams();
    return <GiftProductScreen id={giftId(id)} />;
  },
});
