import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { OfferPeriod } from "@domain/offers";

/** The name of a period on the period choice. */
export const PERIOD_LABELS: Record<OfferPeriod, MessageDescriptor> = {
  day: msg`Jour`,
  week: msg`Semaine`,
  month: msg`Mois`,
  year: msg`Reste de l'année`,
  free: msg`Gratuit`,
};

/** The short names of the period choice (the price line says "jusqu'au 30 juin" for the rest of the year). */
export const PERIOD_SHORT_LABELS: Record<OfferPeriod, MessageDescriptor> = { ...PERIOD_LABELS, year: msg`Année` };

/** What the price is for, after the amount ("59 DT par mois"). */
export const PER_PERIOD: Record<OfferPeriod, MessageDescriptor> = {
  day: msg`par jour`,
  week: msg`par semaine`,
  month: msg`par mois`,
  year: msg`jusqu'au 30 juin`,
  free: msg`pendant 7 jours`,
};
