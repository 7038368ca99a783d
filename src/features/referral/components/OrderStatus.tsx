import "@mantine/core/styles/Badge.css";
import { Badge } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import type { GiftOrderStatus } from "@domain/referral";

const COLORS: Record<GiftOrderStatus, string> = {
  pending: "gray.7",
  approved: "blue.8",
  shipped: "indigo.8",
  delivered: "teal.9",
  rejected: "red.9",
};

/** An order's status in the pupil's words (SPEC §3: pending, approved or rejected, then shipped and delivered). */
function useOrderStatusLabel() {
  const { t } = useLingui();
  return (status: GiftOrderStatus): string =>
    ({
      pending: t`En attente`,
      approved: t`Acceptée`,
      shipped: t`Expédiée`,
      delivered: t`Livrée`,
      rejected: t`Refusée`,
    })[status];
}

export function OrderStatus({ status }: { status: GiftOrderStatus }) {
  const label = useOrderStatusLabel();
  return (
    <Badge
      variant="filled"
      color={COLORS[status]}
      tt="none"
      data-testid="order-status"
      data-status={status}
    >
      {label(status)}
    </Badge>
  );
}
