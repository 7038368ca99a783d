/**
 * Offers and their prices (SPEC §3 "Offer", §5 "Pack discounts", §4 "Checkout"): ONE pricing function, used by the
 * `/offres` screen to show the price and by the server to charge it. Every amount is an integer of millimes; nothing
 * here uses a floating-point amount.
 *
 * The order of a price: the base price (the period's price, or the sum of the chosen subjects' prices on a per-subject
 * offer) → the pack discount (offers 84, 115, 119) → the class discount of the offer division → one discount code.
 * Pack and class discounts give prices rounded up to the whole dinar; a code's percentage is rounded up to the millime
 * (the buyer never pays less than the rule), and a price never goes below zero.
 */
import * as v from "valibot";
import { addDays, daysBetween } from "./days";
import type { ErrorCode } from "./errors";
import { ceilToDinar, percentOf, percentOfDown } from "./money";

export const OFFER_PERIODS = ["day", "week", "month", "year", "free"] as const;
export type OfferPeriod = (typeof OFFER_PERIODS)[number];
/** The periods a pupil can pick, in the order the screen shows them. */
const PAID_PERIODS = ["day", "week", "month", "year"] as const satisfies readonly OfferPeriod[];

/** Special offer ids of SPEC §9. */
const OFFER_IDS = {
  optimum: 80,
  noPeriodSwitch: 102,
  /** 2 subjects 10 %, 3 subjects 25 % (if the offer has exactly 3) else 15 %, all subjects: the offer's price. */
  packBySubjects: 115,
  /** 25 % off when every subject is taken. */
  packAllSubjects: [84, 119] as readonly number[],
  operatorSilver: 33,
} as const;

/** Referral codes (`CP-…`): the friend gets 5 % off, the referrer 5 % of the offer price as points (SPEC §1). */
export const REFERRAL_PREFIX = "CP-";
export const COUPON_MIN_LENGTH = 3;
export const COUPON_MAX_LENGTH = 32;

export function isReferralCode(code: string): boolean {
  return code.trim().toUpperCase().startsWith(REFERRAL_PREFIX);
}

interface ClassDiscount {
  type: "percentage" | "fixed";
  /** Percent for `percentage`, millimes for `fixed`. */
  amount: number;
  /** True: computed on the base price (before the pack discount); false: on the price after it. */
  onBasePrice: boolean;
}

/** What pricing needs to know of an offer as sold to one class. */
export interface PricedOffer {
  id: number;
  isFree: boolean;
  perSubject: boolean;
  /** Price per period in millimes (for a per-subject offer: the price of all its subjects). */
  prices: Partial<Record<OfferPeriod, number>>;
  /** The offer's subjects and their prices (per-subject offers). */
  subjects: ReadonlyArray<{ subjectId: number; price: number }>;
  classDiscount: ClassDiscount | null;
}

/** A discount code, as far as its price effect goes. */
export interface CodeDiscount {
  type: "percentage" | "fixed";
  /** Percent for `percentage`, millimes for `fixed`. */
  amount: number;
}

export interface PriceSelection {
  period: OfferPeriod;
  /** The chosen subjects of a per-subject offer; null for all of them (ignored for other offers). */
  subjectIds: readonly number[] | null;
  /** The code applied to this purchase, if it applies (see `codeProblem`). */
  code?: CodeDiscount | null;
}

export interface Price {
  period: OfferPeriod;
  /** The subjects paid for (per-subject offers; empty otherwise). */
  subjectIds: number[];
  /** Before any discount. */
  base: number;
  packDiscount: number;
  classDiscount: number;
  /** After the pack and class discounts: the offer's price for this selection. */
  price: number;
  codeDiscount: number;
  /** What the pupil pays. */
  final: number;
}

export type PriceResult = { ok: true; price: Price } | { ok: false; field: "period" | "subjects"; code: ErrorCode };

/** The periods a pupil may buy: the priced ones; "rest of the year" only when priced and the offer is not 80. */
export function sellablePeriods(offer: Pick<PricedOffer, "id" | "isFree" | "prices">): OfferPeriod[] {
  if (offer.isFree) return ["free"];
  return PAID_PERIODS.filter((p) => offer.prices[p] !== undefined && !(p === "year" && offer.id === OFFER_IDS.optimum));
}

/** The period shown first: the year when sold, else the longest one sold. */
export function defaultPeriod(offer: Pick<PricedOffer, "id" | "isFree" | "prices">): OfferPeriod | null {
  const periods = sellablePeriods(offer);
  return periods.includes("year") ? "year" : (periods[periods.length - 1] ?? null);
}

/** The pack discount in percent for `count` subjects out of `total` (0: none; offer 115 with all: its own price). */
export function packPercent(offerId: number, count: number, total: number): number {
  if (offerId === OFFER_IDS.packBySubjects) {
    if (count === 2) return 10;
    if (count === 3) return total === 3 ? 25 : 15;
    return 0;
  }
  if (OFFER_IDS.packAllSubjects.includes(offerId)) return count === total && total > 0 ? 25 : 0;
  return 0;
}

/** The amount a percentage takes off, so that the price left is rounded up to the dinar. */
const offToDinar = (amount: number, percent: number) => amount - Math.min(amount, ceilToDinar(percentOf(amount, 100 - percent)));

/** The price of an offer for a period and a choice of subjects, with its discounts. */
export function priceOffer(offer: PricedOffer, sel: PriceSelection): PriceResult {
  if (!sellablePeriods(offer).includes(sel.period)) return { ok: false, field: "period", code: "period_invalid" };
  if (offer.isFree) {
    return { ok: true, price: { period: sel.period, subjectIds: [], base: 0, packDiscount: 0, classDiscount: 0, price: 0, codeDiscount: 0, final: 0 } };
  }
  let base: number;
  let packed: number;
  let subjectIds: number[] = [];
  if (offer.perSubject) {
    const all = offer.subjects.map((s) => s.subjectId);
    const chosen = sel.subjectIds ?? all;
    if (chosen.length === 0) return { ok: false, field: "subjects", code: "subjects_required" };
    if (new Set(chosen).size !== chosen.length || chosen.some((id) => !all.includes(id))) return { ok: false, field: "subjects", code: "subjects_invalid" };
    subjectIds = [...chosen].sort((a, b) => a - b);
    base = offer.subjects.filter((s) => chosen.includes(s.subjectId)).reduce((sum, s) => sum + s.price, 0);
    const everything = chosen.length === all.length;
    const own = offer.prices[sel.period];
    if (offer.id === OFFER_IDS.packBySubjects && everything && own !== undefined) packed = Math.min(base, own);
    else {
      const pct = packPercent(offer.id, chosen.length, all.length);
      packed = pct ? base - offToDinar(base, pct) : base;
    }
  } else {
    base = offer.prices[sel.period]!;
    packed = base;
  }
  let classOff = 0;
  const cd = offer.classDiscount;
  if (cd && cd.amount > 0) {
    if (cd.type === "fixed") classOff = Math.min(packed, cd.amount);
    else {
      const on = cd.onBasePrice ? base : packed;
      // The share of `on` taken off, applied to `packed`, the rest rounded up to the dinar.
      const left = Math.max(0, packed - percentOfDown(on, Math.min(100, cd.amount)));
      classOff = packed - Math.min(packed, ceilToDinar(left));
    }
  }
  const price = packed - classOff;
  let codeOff = 0;
  if (sel.code && sel.code.amount > 0 && price > 0) {
    codeOff = sel.code.type === "fixed" ? Math.min(price, sel.code.amount) : price - percentOf(price, 100 - Math.min(100, sel.code.amount));
  }
  return {
    ok: true,
    price: { period: sel.period, subjectIds, base, packDiscount: base - packed, classDiscount: classOff, price, codeDiscount: codeOff, final: price - codeOff },
  };
}

/** A whole percentage for display: how much of `base` the discount takes (rounded down). */
export function discountPercentage(base: number, final: number): number {
  return base > 0 ? Math.floor(((base - final) * 100) / base) : 0;
}

/** A code's restrictions, as stored (SPEC §3 "Discount code"). */
export interface CodeRules {
  divisionIds: readonly number[] | null;
  offerIds: readonly number[] | null;
  periods: readonly string[] | null;
}

/**
 * Why a code cannot be used on this purchase (null: it can): class, offer, period, instalment (codes only on the
 * first one), and a class discount already on the offer (a code does not add up with it).
 */
export function codeProblem(
  rules: CodeRules,
  ctx: { divisionId: number | null; offerId: number; period: OfferPeriod | null; quantity: number; hasClassDiscount: boolean },
): ErrorCode | null {
  if (ctx.quantity > 1) return "coupon_first_slice_only";
  if (rules.divisionIds && (ctx.divisionId === null || !rules.divisionIds.includes(ctx.divisionId))) return "discount_class_incompatible";
  if (rules.offerIds && !rules.offerIds.includes(ctx.offerId)) return "discount_offer_incompatible";
  if (rules.periods && ctx.period !== null && !rules.periods.includes(ctx.period)) return "discount_period_incompatible";
  if (ctx.hasClassDiscount) return "discount_incompatible_together";
  return null;
}

/** The day a subscription bought on `today` (YYYY-MM-DD, Africa/Tunis) ends, inclusive. */
export function subscriptionEnd(today: string, period: OfferPeriod): string {
  const [y, m] = today.split("-").map(Number) as [number, number];
  const at = (days: number) => addDays(today, days);
  switch (period) {
    case "day":
      return today;
    case "week":
    case "free":
      return at(6);
    case "month":
      return at(29);
    case "year":
      // The school year ends on June 30: this year's until then, next year's in July and August.
      return `${m <= 6 ? y : y + 1}-06-30`;
  }
}

// ── instalments (SPEC §3 "Offer": slices, indexSliceToPay; §4 "Checkout": codes only on the first instalment) ──

/**
 * A year's price in `slices` instalments: each but the last rounded up to the dinar, the last what is left (never
 * below zero), so that the instalments add up to the price exactly.
 */
export function sliceAmounts(total: number, slices: number): number[] {
  if (slices <= 1) return [total];
  const part = ceilToDinar(Math.ceil(total / slices));
  const amounts: number[] = [];
  let left = total;
  for (let i = 0; i < slices - 1; i++) {
    const a = Math.min(part, left);
    amounts.push(a);
    left -= a;
  }
  amounts.push(left);
  return amounts;
}

/**
 * The days each instalment pays for: from the plan's first day (the first instalment's purchase) to the end of the
 * school year, cut into `slices` consecutive ranges of (nearly) equal length. The next instalment is due when the
 * days paid for end.
 */
export function sliceRanges(planStart: string, slices: number): Array<{ start: string; end: string }> {
  const yearEnd = subscriptionEnd(planStart, "year");
  const days = daysBetween(planStart, yearEnd) + 1;
  const n = Math.max(1, Math.min(slices, days));
  return Array.from({ length: n }, (_, i) => ({
    start: addDays(planStart, Math.floor((i * days) / n)),
    end: addDays(planStart, Math.floor(((i + 1) * days) / n) - 1),
  }));
}

/** A pupil's instalment plan of one offer this school year: what is agreed, and how far it is paid. */
export interface InstalmentPlan {
  slices: number;
  /** The year's price the plan splits (after pack and class discounts, before a code). */
  total: number;
  /** The first instalment's day. */
  planStart: string;
  /** Instalments paid so far (`indexSliceToPay`: the next one to pay). */
  paid: number;
}

export type InstalmentResult =
  | { ok: true; amount: number; codeDiscount: number; final: number; start: string; end: string; index: number }
  | { ok: false; code: ErrorCode };

/**
 * What paying `quantity` instalments of a plan costs and covers: the next unpaid ones, from the day they start (today
 * for the first) to the end of the last one paid. A code applies only to a purchase of the first instalment alone.
 */
export function payInstalments(plan: InstalmentPlan, quantity: number, today: string, code?: CodeDiscount | null): InstalmentResult {
  const ranges = sliceRanges(plan.planStart, plan.slices);
  const amounts = sliceAmounts(plan.total, ranges.length);
  const index = plan.paid;
  if (quantity < 1 || index + quantity > ranges.length) return { ok: false, code: "coupon_first_slice_only" };
  const amount = amounts.slice(index, index + quantity).reduce((s, a) => s + a, 0);
  let codeOff = 0;
  if (code && code.amount > 0 && amount > 0) {
    if (index > 0 || quantity > 1) return { ok: false, code: "coupon_first_slice_only" };
    codeOff = code.type === "fixed" ? Math.min(amount, code.amount) : amount - percentOf(amount, 100 - Math.min(100, code.amount));
  }
  const start = index === 0 ? today : ranges[index]!.start;
  return { ok: true, amount, codeDiscount: codeOff, final: amount - codeOff, start: start < today ? today : start, end: ranges[index + quantity - 1]!.end, index };
}

/** What the owner of a code earns on a purchase: the influencer's share of the price paid, the referrer's 5 % of the offer price. */
export function ownerShare(kind: "coupon" | "influencer" | "referral", sharePercent: number, price: Pick<Price, "price" | "final">): number {
  if (kind === "coupon" || sharePercent <= 0) return 0;
  return percentOfDown(kind === "referral" ? price.price : price.final, Math.min(100, sharePercent));
}

// ── what the API answers (SPEC §3 "Offer", "Discount code") ──

// Written once as valibot schemas: the server declares them as its answers (checked in tests, published in the
// OpenAPI document), the client reads their types. Amounts are integer millimes.
const id = v.pipe(v.number(), v.integer());
const millimes = v.pipe(v.number(), v.safeInteger());
const period = v.picklist(OFFER_PERIODS);
const discountType = v.picklist(["percentage", "fixed"]);
const translation = v.nullable(v.string());

const OfferPricingDtoSchema = v.strictObject({
  period,
  /** Before any discount (a per-subject offer: all its subjects). */
  price: millimes,
  final_price: millimes,
  discount: millimes,
  discountpercentage: v.number(),
  infoDiscount: v.nullable(v.strictObject({ discountType, discountValue: v.number() })),
});
export type OfferPricingDto = v.InferOutput<typeof OfferPricingDtoSchema>;

const OfferSubjectDetailDtoSchema = v.strictObject({
  id,
  subjectId: id,
  subject: v.strictObject({ id, slug: v.string(), name: v.string(), name_ar: translation, name_en: translation }),
  price: millimes,
  description: v.string(),
  /** A live subscription of this offer already covers it. */
  owned: v.boolean(),
});

/** One offer as sold to the pupil's class; `id` is the offer division (`offerDivisionDetail` of the checkout). */
export const OfferDtoSchema = v.strictObject({
  id,
  offer_id: id,
  group: v.strictObject({ id, name: v.string(), name_ar: v.nullish(v.string()), name_en: v.nullish(v.string()) }),
  name: v.string(),
  name_ar: translation,
  name_en: translation,
  type: v.picklist(["primary", "pack"]),
  color: v.string(),
  description: v.string(),
  description_ar: translation,
  description_en: translation,
  disabled: v.boolean(),
  position: v.number(),
  is_free: v.boolean(),
  per_subject: v.boolean(),
  period_switch: v.boolean(),
  /** Price per period in millimes, as stored (the input of `priceOffer`). */
  prices: v.partial(v.strictObject(Object.fromEntries(OFFER_PERIODS.map((p) => [p, millimes])) as Record<OfferPeriod, typeof millimes>)),
  discount: v.nullable(v.strictObject({ type: discountType, amount: v.number(), on_base_price: v.boolean() })),
  pricing: v.array(OfferPricingDtoSchema),
  Baseprice: millimes,
  Finalprice: millimes,
  /** How many instalments a year is sold in (1: paid at once). */
  slices: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** The next instalment the pupil pays (1 for the first). */
  indexSliceToPay: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** The pupil's instalment plan of this school year, once its first instalment is paid. */
  plan: v.nullable(v.strictObject({ total: millimes, plan_start: v.string(), paid: millimes })),
  weeklyPrice: v.nullable(millimes),
  dailyPrice: v.nullable(millimes),
  offer_subject_details: v.array(OfferSubjectDetailDtoSchema),
  /** A live subscription of this offer (every subject of a per-subject one). */
  owned: v.boolean(),
});
export type OfferDto = v.InferOutput<typeof OfferDtoSchema>;

/** The code the pupil has added before paying (one at a time). */
export const AppliedCodeDtoSchema = v.strictObject({
  id,
  code: v.string(),
  kind: v.picklist(["coupon", "influencer", "referral"]),
  type: discountType,
  amount: v.number(),
  offer_id: id,
  division_ids: v.nullable(v.array(id)),
  offer_ids: v.nullable(v.array(id)),
  periods: v.nullable(v.array(period)),
});
export type AppliedCodeDto = v.InferOutput<typeof AppliedCodeDtoSchema>;

/** `DELETE /student/discount-code/{id}`. */
export const AppliedCodeRemovedDtoSchema = v.strictObject({ removed: v.literal(true) });

export const PurchaseDtoSchema = v.strictObject({
  affiliation: v.strictObject({
    id,
    offer_id: id,
    group: v.strictObject({ id, name: v.string(), name_ar: v.nullish(v.string()), name_en: v.nullish(v.string()) }),
    period,
    start_date: v.string(),
    end_date: v.string(),
    amount_paid: millimes,
    subject_ids: v.nullable(v.array(id)),
    chapter_id: v.nullable(id),
  }),
  /** The pupil's balance after the purchase, in millimes. */
  points: millimes,
  /** The live event to join when a chapter of one was bought. */
  event_id: v.nullable(id),
});
export type PurchaseDto = v.InferOutput<typeof PurchaseDtoSchema>;

/** The pricing input of an offer as the API sends it. */
export function toPricedOffer(o: Pick<OfferDto, "offer_id" | "is_free" | "per_subject" | "prices" | "discount" | "offer_subject_details">): PricedOffer {
  return {
    id: o.offer_id,
    isFree: o.is_free,
    perSubject: o.per_subject,
    prices: o.prices,
    subjects: o.offer_subject_details.map((s) => ({ subjectId: s.subjectId, price: s.price })),
    classDiscount: o.discount ? { type: o.discount.type, amount: o.discount.amount, onBasePrice: o.discount.on_base_price } : null,
  };
}

/** The price of a code applied to `offer` for this period, or why it does not apply. */
export function appliedCodeEffect(
  code: AppliedCodeDto | null,
  offer: Pick<OfferDto, "offer_id" | "discount">,
  ctx: { divisionId: number | null; period: OfferPeriod | null; quantity?: number },
): { code: CodeDiscount | null; problem: ErrorCode | null } {
  if (!code || code.offer_id !== offer.offer_id) return { code: null, problem: null };
  const problem = codeProblem(
    { divisionIds: code.division_ids, offerIds: code.offer_ids, periods: code.periods },
    { divisionId: ctx.divisionId, offerId: offer.offer_id, period: ctx.period, quantity: ctx.quantity ?? 1, hasClassDiscount: offer.discount !== null },
  );
  return problem ? { code: null, problem } : { code: { type: code.type, amount: code.amount }, problem: null };
}
