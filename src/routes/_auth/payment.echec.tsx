import { createFileRoute } from "@tanstack/react-router";
import { paymentReturnSearchSchema } from "@/features/wallet/search";
import { PaymentReturnRoute } from "./-paymentReturn";

/** The gateway's return after a failed payment (`/payment/echec?orderId=`): the server settles it, then back to the wallet. */
export const Route = createFileRoute("/_auth/payment/echec")({
  validateSearch: paymentReturnSearchSchema,
  codeSplitGroupings: [["component", "pendingComponent"], ["errorComponent"], ["notFoundComponent"]],
  component: function Screen() {
    return <PaymentReturnRoute which="echec" orderId={Route.useSearch().orderId} />;
  },
});
