/**
 * The referral programme's eligibility on the server: the subscriptions `isEligibleForGift` (domain/referral.ts) reads,
 * selected by ONE SQL fragment used by `/auth/me` (inside its one statement) and by the gift code's generation.
 */
import { sql, type SQL } from "drizzle-orm";
import { isEligibleForGift, type GiftEligibilityAffiliation } from "../../../domain/referral";
import type { Db, Tx } from "../../db/client";
import { selectRows } from "../../db/rows";

/**
 * A JSON array of the pupil's subscriptions that may count (not refunded, ending within the last 15 months: every
 * subscription a monthly chain since the school year's first day may hold), as `GiftEligibilityAffiliation`s.
 * `userId` and `day` are SQL expressions (a column, a placeholder).
 */
export function eligibilityAffiliationsSql(userId: SQL, day: SQL): SQL<GiftEligibilityAffiliation[]> {
  return sql<GiftEligibilityAffiliation[]>`(
    select coalesce(json_agg(json_build_object(
      'offerType', o.type, 'chapterId', a.chapter_id, 'period', a.period, 'startDate', a.start_date, 'endDate', a.end_date) order by a.id), '[]'::json)
    from affiliations a inner join offers o on o.id = a.offer_id
    where a.user_id = ${userId} and a.refunded_at is null and a.end_date >= (${day}::date - interval '1 year' - interval '3 months'))`;
}

/** Whether the pupil is eligible today (YYYY-MM-DD, Africa/Tunis): the rule of domain/referral.ts. */
export async function isPupilEligible(db: Db | Tx, userId: number, today: string): Promise<boolean> {
  const [row] = await selectRows<{ list: GiftEligibilityAffiliation[] }>(db, sql`select ${eligibilityAffiliationsSql(sql`${userId}`, sql`${today}`)} as list`);
  return isEligibleForGift(row?.list ?? [], today);
}
