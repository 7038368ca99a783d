import { useCallback } from "react";
import { createFileRoute } from "@tanstack/react-router";
import { PaymentReturnScreen, type PaymentReturnTarget } from "@/features/wallet/screens/PaymentReturnScreen";
import { paymentReturnSearchSchema } from "@/features/wallet/search";
import { routeTo } from "@/lib/routeTo";

/** The gateway's return after a payment (`/payment/success?orderId=`): the server confirms it, then on to /offres. */
export const Route = createFileRoute("/_auth/payment/success")({
  validateSearch: paymentReturnSearchSchema,
  codeSplitGroupings: [["component", "pendingComponent"], ["errorComponent"], ["notFoundComponent"]],
  component: function Screen() {
    const { orderId } = Route.useSearch();
    const navigate = Route.useNavigate();
    const onDone = useCallback((target: PaymentReturnTarget) => void navigate({ to: routeTo(target.to), search: target.search as never, replace: true }), [navigate]);
    return <PaymentReturnScreen which="success" orderId={orderId} onDone={onDone} />;
  },
});
