import { useMemo, useState } from "react";
import {
  appliedCodeEffect,
  defaultPeriod,
  payInstalments,
  priceOffer,
  sellablePeriods,
  toPricedOffer,
  type AppliedCodeDto,
  type OfferDto,
  type OfferPeriod,
  type Price,
} from "@domain/offers";
import { tunisDay } from "@domain/days";

/**
 * What the pupil has chosen on one offer card (period, subjects, instalments) and the price it comes to — computed by
 * `priceOffer` and `payInstalments`, the functions the server charges with.
 */
export function useOfferChoice(offer: OfferDto, applied: AppliedCodeDto | null, divisionId: number | null, wholeOnly: boolean) {
  const priced = useMemo(() => toPricedOffer(offer), [offer]);
  const periods = sellablePeriods(priced);
  const [period, setPeriod] = useState<OfferPeriod | null>(() => defaultPeriod(priced));
  const buyable = offer.offer_subject_details.filter((d) => !d.owned).map((d) => d.subjectId);
  const [picked, setChosen] = useState<number[]>(buyable);
  // A subject bought meanwhile (the offers refetched) is no longer one to pay for.
  const chosen = picked.filter((id) => buyable.includes(id));
  const allIds = offer.offer_subject_details.map((d) => d.subjectId);
  const everything = chosen.length === allIds.length;
  const subjectIds = offer.per_subject ? (everything ? null : chosen) : null;

  // A year sold in instalments: the pupil pays the next one(s); the first alone may carry a code.
  const inSlices = period === "year" && offer.slices > 1 && !offer.owned && !wholeOnly;
  const paid = offer.plan?.paid ?? 0;
  const left = offer.slices - paid;
  const [quantityPicked, setQuantity] = useState(1);
  const quantity = inSlices ? Math.min(quantityPicked, Math.max(1, left)) : 1;
  const effect = appliedCodeEffect(applied, offer, { divisionId, period, quantity: paid > 0 ? 2 : quantity });
  const result = period ? priceOffer(priced, { period, subjectIds, code: inSlices ? null : effect.code }) : null;
  const whole = result?.ok ? result.price : null;
  const slice =
    inSlices && whole
      ? payInstalments({ slices: offer.slices, total: offer.plan?.total ?? whole.price, planStart: offer.plan?.plan_start ?? tunisDay(new Date()), paid }, quantity, tunisDay(new Date()), effect.code)
      : null;
  // What this purchase pays: an instalment's price is its share of the plan (the discounts are in the plan's total).
  const price: Price | null =
    slice?.ok && whole ? { ...whole, base: slice.amount, packDiscount: 0, classDiscount: 0, price: slice.amount, codeDiscount: slice.codeDiscount, final: slice.final } : inSlices ? null : whole;
  const instalments = slice?.ok ? { quantity, from: paid + 1, slices: offer.slices, end: slice.end } : null;

  const toggle = (id: number) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  const allBuyableChosen = buyable.length > 0 && buyable.every((id) => chosen.includes(id));
  const toggleAll = () => setChosen(allBuyableChosen ? [] : buyable);

  return {
    periods,
    period,
    setPeriod,
    buyable,
    chosen,
    toggle,
    toggleAll,
    allBuyableChosen,
    subjectIds,
    inSlices,
    paid,
    left,
    quantity,
    setQuantity,
    effect,
    result,
    price,
    instalments,
  };
}
