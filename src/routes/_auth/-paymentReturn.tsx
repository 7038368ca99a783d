import { useCallback } from "react";
import { useNavigate } from "@tanstack/react-router";
import { PaymentReturnScreen, type PaymentReturnTarget } from "@/features/wallet/screens/PaymentReturnScreen";

/**
 * What `/payment/success` and `/payment/echec` mount (the gateway's two return addresses): the server settles the
 * order, then the pupil goes on to the offers or back to the wallet with the result, replacing the return address.
 */
export function PaymentReturnRoute({ which, orderId }: { which: "success" | "echec"; orderId: string | undefined }) {
  const navigate = useNavigate();
  const onDone = useCallback((target: PaymentReturnTarget) => void navigate({ ...target, replace: true }), [navigate]);
  return <PaymentReturnScreen which={which} orderId={orderId} onDone={onDone} />;
}
