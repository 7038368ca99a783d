import { useEffect, useState } from "react";
import { Center, Loader, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import type { PaymentStatusDto } from "@domain/wallet";
import { ApiRequestError } from "@/lib/api";
import { meKey } from "@/lib/me";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { confirmPayment } from "../api/payments";
import { takePaymentOrigin } from "../search";
import { walletKeys } from "../wallet.keys";

/** Where the pupil goes once the server has settled the order. */
export type PaymentReturnTarget =
  | { to: "/offres"; search: { payment: "success" } }
  | { to: "/porte-monnaie"; search: { payment: "success" | "failed" | "pending" } };

/**
 * One confirmation per order and page load, whatever React does with effects: the same call (and Idempotency-Key) is
 * shared by every mount.
 */
/** The answer when the server could not be asked. */
const UNKNOWN = { id: 0, status: "pending", amount: 0, payment_method: "online" } as const satisfies PaymentStatusDto;

const inflight = new Map<string, Promise<PaymentStatusDto | null>>();

function confirmOnce(which: "success" | "echec", orderId: string, lang: string): Promise<PaymentStatusDto | null> {
  const id = `${which}:${orderId}`;
  let p = inflight.get(id);
  if (!p) {
    // A refusal of the order itself (unknown, someone else's) is a failure; a network or server error says nothing
    // about the payment (the gateway's notification may well have credited it): "pending", the wallet will show.
    p = confirmPayment(which, orderId, lang, crypto.randomUUID()).catch((err: unknown) =>
      err instanceof ApiRequestError && err.status >= 400 && err.status < 500 ? null : UNKNOWN,
    );
    inflight.set(id, p);
  }
  return p;
}

/**
 * `/payment/success?orderId=` and `/payment/echec?orderId=`: the gateway sent the browser back. The server is asked to
 * confirm the order with the gateway (it never takes the browser's word), then the pupil goes on: to /offres (the
 * "Abonnement activé" result) or back to the wallet when the top-up was started there; a failure goes to the wallet
 * with its message.
 */
export function PaymentReturnScreen({ which, orderId, onDone }: { which: "success" | "echec"; orderId: string | undefined; onDone: (target: PaymentReturnTarget) => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  useDocumentTitle(t`Confirmation du paiement`);
  const [origin] = useState(takePaymentOrigin);
  useEffect(() => {
    let live = true;
    const settle = orderId ? confirmOnce(which, orderId, i18n.locale) : Promise.resolve(null);
    void settle.then((state) => {
      if (!live) return;
      void queryClient.invalidateQueries({ queryKey: meKey });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      if (state?.status === "approved") {
        onDone(origin === "wallet" ? { to: "/porte-monnaie", search: { payment: "success" } } : { to: "/offres", search: { payment: "success" } });
      } else if (state?.status === "pending") {
        onDone({ to: "/porte-monnaie", search: { payment: "pending" } });
      } else {
        onDone({ to: "/porte-monnaie", search: { payment: "failed" } });
      }
    });
    return () => {
      live = false;
    };
  }, [which, orderId, i18n.locale, origin, onDone, queryClient]);
  return (
    <Center mih={240}>
      <Stack align="center" gap="sm" role="status" data-testid="payment-return">
        <Loader aria-hidden />
        <Text>
          <Trans>Confirmation du paiement…</Trans>
        </Text>
      </Stack>
    </Center>
  );
}
