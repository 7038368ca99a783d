/**
 * Discount codes before paying (SPEC §4 "Checkout", §5 "Coupon", §8 discount errors): a pupil adds one code at a time
 * to an offer (`POST /student/discount-code`), sees it (`GET`), removes it (`DELETE …/{id}`). The checkout applies the
 * added code to that offer's purchase after checking it again (`usableCode`). A code starting with `CP-` is a referral
 * code (its owner earns 5 % of the offer price), otherwise a platform coupon or an influencer's code.
 *
 * Every refusal is a 422 with the reason on the `code` field, so the screen shows it under the field.
 */
import { and, eq, sql } from "drizzle-orm";
import type { ErrorCode } from "../../../domain/errors";
import { codeProblem, type AppliedCodeDto, type OfferPeriod } from "../../../domain/offers";
import type { DiscountCodeInput } from "../../../domain/schemas/offers";
import type { Db, Tx } from "../../db/client";
import { appliedDiscountCodes, discountCodeUses, discountCodes, offerDivisions, offers, users } from "../../db/schema";
import type { Deps } from "../../lib/deps";
import { AppError, fieldError } from "../../lib/errors";
import { instalmentPlans } from "./catalogue";

type CodeRow = typeof discountCodes.$inferSelect;

const refuse = (code: ErrorCode) => fieldError(422, "code", code);

export function toAppliedDto(applied: { id: number; offerId: number }, c: CodeRow): AppliedCodeDto {
  return {
    id: applied.id,
    code: c.code,
    kind: c.kind,
    type: c.type === "percentage" ? "percentage" : "fixed",
    amount: c.amount,
    offer_id: applied.offerId,
    division_ids: c.divisionIds,
    offer_ids: c.offerIds,
    periods: c.periods as OfferPeriod[] | null,
  };
}

/**
 * Why a code cannot be used now by this pupil, whatever the offer (null: it can): unknown or inactive, expired, used
 * up, the pupil's own code, already used by the pupil. `lock` takes the code's row for the rest of the transaction
 * (the checkout: two buyers of the last use of a code do not both get it).
 */
export async function codeStanding(tx: Db | Tx, c: CodeRow, userId: number, now: Date, lock = false): Promise<ErrorCode | null> {
  if (!c.active) return "discount_expired";
  if (c.expiredAt && c.expiredAt.getTime() <= now.getTime()) return "discount_expired";
  if (c.userId === userId) return "discount_own_code";
  if (lock && c.maxUses !== null) await tx.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.id, c.id)).for("update");
  if (c.maxUses !== null) {
    const [used] = await tx.select({ n: sql<number>`count(*)::int` }).from(discountCodeUses).where(eq(discountCodeUses.codeId, c.id));
    if ((used?.n ?? 0) >= c.maxUses) return "discount_max_uses";
  }
  const [mine] = await tx
    .select({ id: discountCodeUses.id })
    .from(discountCodeUses)
    .where(and(eq(discountCodeUses.codeId, c.id), eq(discountCodeUses.userId, userId)))
    .limit(1);
  if (mine) return "discount_used_twice";
  return null;
}

/** `POST /student/discount-code`: checks the code for this offer and the pupil, and keeps it until the purchase. */
export async function addDiscountCode(deps: Pick<Deps, "db" | "now">, userId: number, input: DiscountCodeInput): Promise<AppliedCodeDto> {
  if (input.quantity > 1) throw refuse("coupon_first_slice_only");
  return deps.db.transaction(async (tx) => {
    // One pupil's adds one at a time: "one code at a time" holds under double taps.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`discount:${userId}`}, 0))`);
    const [c] = await tx.select().from(discountCodes).where(eq(discountCodes.code, input.code)).limit(1);
    if (!c) throw refuse("discount_invalid");
    const [applied] = await tx.select().from(appliedDiscountCodes).where(eq(appliedDiscountCodes.userId, userId)).limit(1);
    if (applied) throw refuse(applied.codeId === c.id ? "discount_already_added" : "discount_more_than_one");
    const standing = await codeStanding(tx, c, userId, deps.now());
    if (standing) throw refuse(standing);
    const [me] = await tx.select({ divisionId: users.divisionId }).from(users).where(eq(users.id, userId)).limit(1);
    const [od] = await tx
      .select({ discountType: offerDivisions.discountType, discountAmount: offerDivisions.discountAmount, disabled: offers.disabled })
      .from(offerDivisions)
      .innerJoin(offers, eq(offers.id, offerDivisions.offerId))
      .where(and(eq(offerDivisions.offerId, input.offerId), eq(offerDivisions.divisionId, me?.divisionId ?? -1)))
      .limit(1);
    if (!od || od.disabled) throw fieldError(422, "offerId", "offer_invalid");
    // A plan whose first instalment is paid: the next ones take no code.
    if ((await instalmentPlans(tx, userId, deps.now())).get(input.offerId)) throw refuse("coupon_first_slice_only");
    const problem = codeProblem(
      { divisionIds: c.divisionIds, offerIds: c.offerIds, periods: c.periods },
      {
        divisionId: me?.divisionId ?? null,
        offerId: input.offerId,
        period: input.allYear ? "year" : input.period,
        quantity: input.quantity,
        hasClassDiscount: od.discountType !== null && (od.discountAmount ?? 0) > 0,
      },
    );
    if (problem) throw refuse(problem);
    const [row] = await tx
      .insert(appliedDiscountCodes)
      .values({ userId, codeId: c.id, offerId: input.offerId, createdAt: deps.now() })
      .onConflictDoNothing()
      .returning({ id: appliedDiscountCodes.id, offerId: appliedDiscountCodes.offerId });
    if (!row) throw refuse("discount_more_than_one");
    return toAppliedDto(row, c);
  });
}

/** `GET /student/discount-code`: the code the pupil has added, or null. */
export async function getAppliedCode(deps: Pick<Deps, "db">, userId: number): Promise<AppliedCodeDto | null> {
  const [row] = await deps.db
    .select({ applied: appliedDiscountCodes, code: discountCodes })
    .from(appliedDiscountCodes)
    .innerJoin(discountCodes, eq(discountCodes.id, appliedDiscountCodes.codeId))
    .where(eq(appliedDiscountCodes.userId, userId))
    .limit(1);
  return row ? toAppliedDto(row.applied, row.code) : null;
}

/** `DELETE /student/discount-code/{id}`: removes the pupil's added code (404 when it is not theirs). */
export async function removeAppliedCode(deps: Pick<Deps, "db">, userId: number, id: number): Promise<{ removed: true }> {
  const removed = await deps.db
    .delete(appliedDiscountCodes)
    .where(and(eq(appliedDiscountCodes.id, id), eq(appliedDiscountCodes.userId, userId)))
    .returning({ id: appliedDiscountCodes.id });
  if (!removed.length) throw new AppError(404, "not_found");
  return { removed: true };
}
