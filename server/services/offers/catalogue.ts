/**
 * The catalogue of offers as sold to a pupil's class (`GET /student/offers`), and the pupil's live subscriptions
 * (what they own). The prices come from `domain/offers.ts` `priceOffer`, the same function the screen runs.
 */
import { and, asc, eq, gte, inArray, isNotNull, isNull } from "drizzle-orm";
import { tunisDay } from "../../../domain/days";
import {
  defaultPeriod,
  discountPercentage,
  priceOffer,
  subscriptionEnd,
  type InstalmentPlan,
  sellablePeriods,
  toPricedOffer,
  type OfferDto,
  type OfferPeriod,
  type OfferPricingDto,
} from "../../../domain/offers";
import type { Db, Tx } from "../../db/client";
import { affiliations, offerDivisions, offerGroups, offerPrices, offers, offerSubjectDetails, subjects, users } from "../../db/schema";
import type { Deps } from "../../lib/deps";

/** The live subscriptions of a pupil (end date today or later), by offer. */
export async function liveSubscriptions(db: Db | Tx, userId: number, now: Date) {
  return db
    .select({ offerId: affiliations.offerId, subjectIds: affiliations.subjectIds, chapterId: affiliations.chapterId })
    .from(affiliations)
    .where(and(eq(affiliations.userId, userId), gte(affiliations.endDate, tunisDay(now))));
}

type Live = Awaited<ReturnType<typeof liveSubscriptions>>;

/** Whether the pupil's live subscriptions of `offerId` cover every one of `subjectIds` (null: the whole offer). */
export function ownedSubjects(live: Live, offerId: number): { whole: boolean; subjects: Set<number> } {
  const mine = live.filter((a) => a.offerId === offerId && a.chapterId === null);
  return { whole: mine.some((a) => a.subjectIds === null), subjects: new Set(mine.flatMap((a) => a.subjectIds ?? [])) };
}

/** The offers sold to a class (or one of them), with everything pricing needs, by position. */
export async function loadClassOffers(db: Db | Tx, divisionId: number, offerDivisionId?: number): Promise<OfferDto[]> {
  const where = offerDivisionId === undefined ? eq(offerDivisions.divisionId, divisionId) : and(eq(offerDivisions.divisionId, divisionId), eq(offerDivisions.id, offerDivisionId));
  const rows = await db
    .select({
      od: offerDivisions,
      o: offers,
      groupName: offerGroups.name,
      groupNameAr: offerGroups.nameAr,
      groupNameEn: offerGroups.nameEn,
    })
    .from(offerDivisions)
    .innerJoin(offers, eq(offers.id, offerDivisions.offerId))
    .innerJoin(offerGroups, eq(offerGroups.id, offers.groupId))
    .where(where)
    .orderBy(asc(offers.position), asc(offers.id));
  if (!rows.length) return [];
  const ids = rows.map((r) => r.od.id);
  const prices = await db.select().from(offerPrices).where(inArray(offerPrices.offerDivisionId, ids));
  const details = await db
    .select({
      id: offerSubjectDetails.id,
      offerDivisionId: offerSubjectDetails.offerDivisionId,
      subjectId: offerSubjectDetails.subjectId,
      price: offerSubjectDetails.price,
      description: offerSubjectDetails.description,
      slug: subjects.slug,
      name: subjects.name,
      nameAr: subjects.nameAr,
      nameEn: subjects.nameEn,
    })
    .from(offerSubjectDetails)
    .innerJoin(subjects, eq(subjects.id, offerSubjectDetails.subjectId))
    .where(and(inArray(offerSubjectDetails.offerDivisionId, ids), eq(subjects.active, true)))
    .orderBy(asc(subjects.position), asc(subjects.id));

  return rows.map(({ od, o, groupName, groupNameAr, groupNameEn }) => {
    const own: Partial<Record<OfferPeriod, number>> = {};
    for (const p of prices) if (p.offerDivisionId === od.id) own[p.period] = p.price;
    const dto: OfferDto = {
      id: od.id,
      offer_id: o.id,
      group: { id: o.groupId, name: groupName, name_ar: groupNameAr, name_en: groupNameEn },
      name: o.name,
      name_ar: o.nameAr,
      name_en: o.nameEn,
      type: o.type,
      color: o.color,
      description: o.description,
      description_ar: o.descriptionAr,
      description_en: o.descriptionEn,
      disabled: o.disabled,
      position: o.position,
      is_free: o.isFree,
      per_subject: o.perSubject,
      period_switch: o.periodSwitch,
      prices: own,
      discount: od.discountType && od.discountAmount ? { type: od.discountType, amount: od.discountAmount, on_base_price: od.onBasePrice } : null,
      pricing: [],
      Baseprice: 0,
      Finalprice: 0,
      slices: offerSlices({ slices: o.slices, per_subject: o.perSubject, is_free: o.isFree }),
      indexSliceToPay: 1,
      plan: null,
      weeklyPrice: null,
      dailyPrice: null,
      offer_subject_details: details
        .filter((d) => d.offerDivisionId === od.id)
        .map((d) => ({
          id: d.id,
          subjectId: d.subjectId,
          subject: { id: d.subjectId, slug: d.slug, name: d.name, name_ar: d.nameAr, name_en: d.nameEn },
          price: d.price,
          description: d.description,
          owned: false,
        })),
      owned: false,
    };
    const priced = toPricedOffer(dto);
    dto.pricing = sellablePeriods(priced).flatMap((period): OfferPricingDto[] => {
      const r = priceOffer(priced, { period, subjectIds: null });
      if (!r.ok) return [];
      return [
        {
          period,
          price: r.price.base,
          final_price: r.price.final,
          discount: r.price.base - r.price.final,
          discountpercentage: discountPercentage(r.price.base, r.price.final),
          infoDiscount: dto.discount ? { discountType: dto.discount.type, discountValue: dto.discount.amount } : null,
        },
      ];
    });
    const main = defaultPeriod(priced);
    const mainPricing = dto.pricing.find((p) => p.period === main);
    dto.Baseprice = mainPricing?.price ?? 0;
    dto.Finalprice = mainPricing?.final_price ?? 0;
    dto.weeklyPrice = dto.pricing.find((p) => p.period === "week")?.final_price ?? null;
    dto.dailyPrice = dto.pricing.find((p) => p.period === "day")?.final_price ?? null;
    return dto;
  });
}

/**
 * The pupil's instalment plans of this school year, by offer: the agreed total, the first instalment's day and how
 * many instalments are paid (refunded payments do not count). A plan of a past school year is over.
 */
export async function instalmentPlans(db: Db | Tx, userId: number, now: Date): Promise<Map<number, InstalmentPlan>> {
  const rows = await db
    .select({ offerId: affiliations.offerId, sliceIndex: affiliations.sliceIndex, sliceCount: affiliations.sliceCount, planTotal: affiliations.planTotal, planStart: affiliations.planStart, slices: offers.slices })
    .from(affiliations)
    .innerJoin(offers, eq(offers.id, affiliations.offerId))
    .where(and(eq(affiliations.userId, userId), isNotNull(affiliations.sliceIndex), isNull(affiliations.refundedAt)));
  const today = tunisDay(now);
  const plans = new Map<number, InstalmentPlan>();
  for (const r of rows) {
    if (r.planStart === null || r.planTotal === null || subscriptionEnd(r.planStart, "year") < today) continue;
    const paid = r.sliceIndex! + r.sliceCount!;
    const plan = plans.get(r.offerId);
    if (!plan || paid > plan.paid) plans.set(r.offerId, { slices: r.slices, total: r.planTotal, planStart: r.planStart, paid });
  }
  return plans;
}

/** The instalments an offer is sold in: only a whole-offer year price is split (a per-subject offer is paid at once). */
export const offerSlices = (o: Pick<OfferDto, "slices" | "per_subject" | "is_free">) => (o.per_subject || o.is_free ? 1 : Math.max(1, o.slices));

/** Marks the pupil's instalment plan on an offer: the next instalment to pay, and the plan itself. */
function markPlan(dto: OfferDto, plans: Map<number, InstalmentPlan>): OfferDto {
  const plan = offerSlices(dto) > 1 ? plans.get(dto.offer_id) : undefined;
  if (!plan) return dto;
  const unpaid = plan.paid < plan.slices;
  // Paid so far but not in full: the offer can still be bought — its next instalments.
  return { ...dto, indexSliceToPay: Math.min(plan.paid + 1, plan.slices), plan: { total: plan.total, plan_start: plan.planStart, paid: plan.paid }, owned: unpaid ? false : dto.owned };
}

/** Marks what the pupil owns: the offer (a live subscription; every subject of a per-subject one) and its subjects. */
export function markOwned(dto: OfferDto, live: Live): OfferDto {
  const owned = ownedSubjects(live, dto.offer_id);
  const details = dto.offer_subject_details.map((d) => ({ ...d, owned: owned.whole || owned.subjects.has(d.subjectId) }));
  return {
    ...dto,
    offer_subject_details: details,
    owned: owned.whole || (dto.per_subject && details.length > 0 && details.every((d) => d.owned)),
  };
}

/** The free offers a pupil has ever taken: a free trial is taken once. */
export async function freeOffersTaken(db: Db | Tx, userId: number): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ offerId: affiliations.offerId })
    .from(affiliations)
    .innerJoin(offers, eq(offers.id, affiliations.offerId))
    .where(and(eq(affiliations.userId, userId), eq(offers.isFree, true)));
  return new Set(rows.map((r) => r.offerId));
}

/** `GET /student/offers`: the pupil's class offers by position, with what they own. */
export async function listOffers(deps: Pick<Deps, "db" | "now">, userId: number): Promise<OfferDto[]> {
  const [me] = await deps.db.select({ divisionId: users.divisionId }).from(users).where(eq(users.id, userId)).limit(1);
  if (!me?.divisionId) return [];
  const [list, live, tried, plans] = await Promise.all([
    loadClassOffers(deps.db, me.divisionId),
    liveSubscriptions(deps.db, userId, deps.now()),
    freeOffersTaken(deps.db, userId),
    instalmentPlans(deps.db, userId, deps.now()),
  ]);
  return list.map((o) => markPlan(o.is_free && tried.has(o.offer_id) ? { ...markOwned(o, live), owned: true } : markOwned(o, live), plans));
}

