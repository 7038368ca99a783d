/**
 * The history tables of `/historique` that only this area serves: the pupil's subscriptions (SPEC §3 "Subscription",
 * the affiliations of issue 9), newest first, one page at a time (10/25/100). The other tables of the page read their
 * own areas' lists (bookmarks, transfers, class-change requests, live-session attendance).
 */
import { desc, eq, sql } from "drizzle-orm";
import type { SubscriptionHistoryDto } from "../../../domain/account";
import { affiliations, offerGroups, offers } from "../../db/schema";
import type { Deps } from "../../lib/deps";
import { pageMeta } from "../../lib/paging";

/** `GET /student/history/subscriptions?page&perPage`. */
export async function listSubscriptionHistory(deps: Pick<Deps, "db">, userId: number, page: number, perPage: number) {
  const [count] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(affiliations).where(eq(affiliations.userId, userId));
  const rows = await deps.db
    .select({
      id: affiliations.id,
      groupId: offerGroups.id,
      groupName: offerGroups.name,
      groupNameAr: offerGroups.nameAr,
      groupNameEn: offerGroups.nameEn,
      offerId: offers.id,
      offerName: offers.name,
      offerNameEn: offers.nameEn,
      offerNameAr: offers.nameAr,
      period: affiliations.period,
      amountPaid: affiliations.amountPaid,
      startDate: affiliations.startDate,
      endDate: affiliations.endDate,
      refundedAt: affiliations.refundedAt,
    })
    .from(affiliations)
    .innerJoin(offerGroups, eq(offerGroups.id, affiliations.groupId))
    .leftJoin(offers, eq(offers.id, affiliations.offerId))
    .where(eq(affiliations.userId, userId))
    .orderBy(desc(affiliations.startDate), desc(affiliations.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const payload: SubscriptionHistoryDto[] = rows.map((r) => ({
    id: r.id,
    group: { id: r.groupId, name: r.groupName, name_ar: r.groupNameAr, name_en: r.groupNameEn },
    offer: r.offerId === null ? null : { id: r.offerId, name: r.offerName ?? "", name_en: r.offerNameEn, name_ar: r.offerNameAr },
    period: r.period,
    amount_paid: Number(r.amountPaid),
    price: Number(r.amountPaid),
    start_date: r.startDate,
    end_date: r.endDate,
    refunded: r.refundedAt !== null,
  }));
  return { payload, meta: pageMeta(page, perPage, count?.n ?? 0) };
}
