import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { TopupStatus } from "@domain/wallet";

export const STATUS_LABELS: Record<TopupStatus, MessageDescriptor> = {
  pending: msg`En attente`,
  approved: msg`Validé`,
  rejected: msg`Refusé`,
  failed: msg`Échoué`,
};

/** Filled badges in shades that keep 4.5:1 with their text (autoContrast picks dark text on yellow). */
export const STATUS_COLORS: Record<TopupStatus, string> = { pending: "yellow.4", approved: "teal.9", rejected: "red.9", failed: "red.9" };
