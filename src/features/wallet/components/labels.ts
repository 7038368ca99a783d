import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { HistoryMethod, TopupStatus } from "@domain/wallet";

/** How points moved, as the history's "Mode" column says it. */
export const METHOD_LABELS: Record<HistoryMethod, MessageDescriptor> = {
  bank: msg`Virement / versement`,
  d17: msg`D17`,
  online: msg`Carte bancaire`,
  operator: msg`Opérateur mobile`,
  purchase: msg`Achat`,
  transfer: msg`Transfert`,
  referral_reward: msg`Parrainage`,
  influencer_revenue: msg`Revenu coupon`,
  refund: msg`Remboursement`,
  payout: msg`Versement`,
};

export const STATUS_LABELS: Record<TopupStatus, MessageDescriptor> = {
  pending: msg`En attente`,
  approved: msg`Validé`,
  rejected: msg`Refusé`,
  failed: msg`Échoué`,
};

/** Filled badges in shades that keep 4.5:1 with their text (autoContrast picks dark text on yellow). */
export const STATUS_COLORS: Record<TopupStatus, string> = { pending: "yellow.4", approved: "teal.9", rejected: "red.9", failed: "red.9" };
