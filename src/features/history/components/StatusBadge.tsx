import "@mantine/core/styles/Badge.css";
import { Badge } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

const LABELS: Record<string, MessageDescriptor> = {
  pending: msg`En attente`,
  approved: msg`Approuvée`,
  rejected: msg`Refusée`,
  confirmed: msg`Confirmé`,
  cancelled: msg`Annulé`,
};
const COLORS: Record<string, string> = { pending: "yellow", approved: "teal.9", rejected: "red.9", confirmed: "teal.9", cancelled: "gray.7" };

/** The status of a class-change request or a transfer, in words and colour. */
export function StatusBadge({ status }: { status: string }) {
  const { i18n } = useLingui();
  const label = LABELS[status];
  return (
    <Badge color={COLORS[status] ?? "gray.7"} variant="filled" autoContrast tt="none">
      {label ? i18n._(label) : status}
    </Badge>
  );
}
