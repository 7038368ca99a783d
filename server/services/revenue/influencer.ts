/**
 * The influencer's revenue (`/revenu`, SPEC §3 "Discount code", "User history", "Benefit payment"): the codes they
 * own with their use count and the revenue they brought (`discount_code_uses.owner_profit`, written with the ledger's
 * `influencer_revenue` movement at the purchase, less what a refund of that purchase took back), the purchases made
 * with one code, and the payouts received.
 * Only influencers: anyone else gets 403; another influencer's code is not found (404).
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { BenefitPaymentDto, DiscountCodeHistoryDto, ProfitDiscountCodeDto } from "../../../domain/schemas/revenue";
import { personNames } from "../../../domain/user";
import { affiliations, benefitPayments, discountCodeUses, discountCodes, offerGroups, users } from "../../db/schema";
import type { Deps } from "../../lib/deps";
import { AppError, forbidden } from "../../lib/errors";
import type { RouteResult } from "../../lib/route";
import { pageMeta } from "../../lib/paging";

/** Influencers are accounts of type `influencer` or owners of an influencer code (as `/auth/me`'s permission says). */
async function requireInfluencer(deps: Pick<Deps, "db">, userId: number): Promise<void> {
  const [u] = await deps.db
    .select({
      type: users.userType,
      codes: sql<number>`(select count(*)::int from ${discountCodes} d where d.user_id = "users"."id" and d.kind = 'influencer')`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!u || (u.type !== "influencer" && u.codes === 0)) throw forbidden();
}

/** `GET /student/profit/discount-code`. */
export async function listProfitCodes(deps: Pick<Deps, "db">, userId: number): Promise<ProfitDiscountCodeDto[]> {
  await requireInfluencer(deps, userId);
  const rows = await deps.db
    .select({
      id: discountCodes.id,
      code: discountCodes.code,
      createdAt: discountCodes.createdAt,
      expiredAt: discountCodes.expiredAt,
      active: discountCodes.active,
      type: discountCodes.type,
      amount: discountCodes.amount,
      uses: sql<number>`(select count(*)::int from ${discountCodeUses} u where u.code_id = "discount_codes"."id")`,
      total: sql<string>`(select coalesce(sum(u.owner_profit - u.reclaimed), 0)::text from ${discountCodeUses} u where u.code_id = "discount_codes"."id")`,
    })
    .from(discountCodes)
    .where(and(eq(discountCodes.userId, userId), eq(discountCodes.kind, "influencer")))
    .orderBy(asc(discountCodes.id));
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    created_at: r.createdAt.toISOString(),
    expired_at: r.expiredAt ? r.expiredAt.toISOString() : null,
    nb_of_use: r.uses,
    active: r.active,
    totalAmount: Number(r.total),
    type: r.type,
    amount: r.amount,
  }));
}

/** `GET /discount-code-histories/{id}?page&perPage`: the purchases made with one of the caller's codes, newest first. */
export async function listCodeHistory(deps: Pick<Deps, "db">, userId: number, codeId: number, page: number, perPage: number): Promise<RouteResult<DiscountCodeHistoryDto[]>> {
  await requireInfluencer(deps, userId);
  const [code] = await deps.db
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(and(eq(discountCodes.id, codeId), eq(discountCodes.userId, userId), eq(discountCodes.kind, "influencer")))
    .limit(1);
  if (!code) throw new AppError(404, "not_found");
  const [count] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(discountCodeUses).where(eq(discountCodeUses.codeId, codeId));
  const total = count?.n ?? 0;
  const rows = await deps.db
    .select({
      id: discountCodeUses.id,
      name: users.name,
      lastName: users.lastName,
      startDate: affiliations.startDate,
      groupId: offerGroups.id,
      groupName: offerGroups.name,
      groupNameAr: offerGroups.nameAr,
      groupNameEn: offerGroups.nameEn,
      profit: sql<string>`(${discountCodeUses.ownerProfit} - ${discountCodeUses.reclaimed})::text`,
    })
    .from(discountCodeUses)
    .innerJoin(users, eq(users.id, discountCodeUses.userId))
    .innerJoin(affiliations, eq(affiliations.id, discountCodeUses.affiliationId))
    .innerJoin(offerGroups, eq(offerGroups.id, affiliations.groupId))
    .where(eq(discountCodeUses.codeId, codeId))
    .orderBy(desc(discountCodeUses.createdAt), desc(discountCodeUses.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const payload: DiscountCodeHistoryDto[] = rows.map((r) => ({
    id: r.id,
    user: personNames({ name: r.name, last_name: r.lastName }),
    affiliation: { start_date: r.startDate },
    group: { id: r.groupId, name: r.groupName, name_ar: r.groupNameAr, name_en: r.groupNameEn },
    profit_amount: Number(r.profit),
  }));
  return { payload, meta: pageMeta(page, perPage, total) };
}

/** `GET /student/profit/benefit-payments`: the payouts of the influencer's revenue, newest first. */
export async function listBenefitPayments(deps: Pick<Deps, "db">, userId: number): Promise<BenefitPaymentDto[]> {
  await requireInfluencer(deps, userId);
  const rows = await deps.db
    .select({ id: benefitPayments.id, payedAt: benefitPayments.payedAt, amount: benefitPayments.amount })
    .from(benefitPayments)
    .where(eq(benefitPayments.userId, userId))
    .orderBy(desc(benefitPayments.payedAt), desc(benefitPayments.id));
  return rows.map((r) => ({ id: r.id, payed_at: r.payedAt.toISOString(), amount: r.amount }));
}
