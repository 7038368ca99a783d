import type { OfferDto, OfferPeriod } from "@domain/offers";
import { discountPercentage, priceOffer, sellablePeriods, toPricedOffer } from "@domain/offers";

/** An offer as the API sends it, its pricing list computed like the server does. */
export function makeOffer(over: Partial<OfferDto> & Pick<OfferDto, "id" | "offer_id" | "name">): OfferDto {
  const base: OfferDto = {
    group: { id: over.offer_id, name: over.name },
    name_ar: null,
    name_en: null,
    type: "primary",
    color: "#F2C94C",
    description: "",
    description_ar: null,
    description_en: null,
    disabled: false,
    position: 1,
    is_free: false,
    per_subject: false,
    period_switch: true,
    prices: {},
    discount: null,
    pricing: [],
    Baseprice: 0,
    Finalprice: 0,
    slices: 1,
    indexSliceToPay: 1,
    plan: null,
    weeklyPrice: null,
    dailyPrice: null,
    offer_subject_details: [],
    owned: false,
    ...over,
  };
  const priced = toPricedOffer(base);
  base.pricing = sellablePeriods(priced).map((period: OfferPeriod) => {
    const r = priceOffer(priced, { period, subjectIds: null });
    const p = r.ok ? r.price : { base: 0, final: 0 };
    return { period, price: p.base, final_price: p.final, discount: p.base - p.final, discountpercentage: discountPercentage(p.base, p.final), infoDiscount: null };
  });
  return base;
}

export const subjectDetail = (id: number, name: string, price: number, owned = false) => ({
  id: 100 + id,
  subjectId: id,
  subject: { id, slug: name.toLowerCase(), name, name_ar: null, name_en: null },
  price,
  description: "",
  owned,
});
