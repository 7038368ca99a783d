import { createFileRoute } from "@tanstack/react-router";
import { paymentReturnSearchSchema } from "@/features/wallet/search";
import { PaymentReturnRoute } from "./-paymentReturn";

/** The gateway's return after a payment (`/payment/success?orderId=`): the server confirms it, then on to /offres. */
export const Route = createFileRoute("/_auth/payment/success")({
  validateSearch: paymentReturnSearchSchema,
  codeSplitGroupings: [["component", "pendingComponent"], ["errorComponent"], ["notFoundComponent"]],
  component: function Screen() {
    return <PaymentReturnRoute which="success" orderId={Route.useSearch().orderId} />;
  },
});
