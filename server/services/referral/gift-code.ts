/**
 * The pupil's gift code (issue 20 §2): a referral discount code (`discount_codes` of kind `referral`, `CP-…`), which the
 * checkout already applies — the friend gets 5 % off the first instalment, the pupil 5 % of the price as points and
 * tokens (`rewardReferrer`). One per pupil, made once: the database's unique index (migration 0016) keeps concurrent
 * generations to one code, and each of them answers it.
 */
import { randomInt } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { tunisDay } from "../../../domain/days";
import { REFERRAL_PREFIX } from "../../../domain/offers";
import { GIFT_CODE_ALPHABET, GIFT_CODE_LENGTH, REFERRAL_PERCENT, type GeneratedGiftDto, type GiftCodeDto } from "../../../domain/referral";
import { personNames } from "../../../domain/user";
import type { Db, Tx } from "../../db/client";
import { affiliations, discountCodes, discountCodeUses, offerGroups, tokenEntries, users } from "../../db/schema";
import type { Deps } from "../../lib/deps";
import { AppError } from "../../lib/errors";
import { pageMeta } from "../../lib/paging";
import { isPupilEligible } from "./eligibility";

const randomCode = () => REFERRAL_PREFIX + Array.from({ length: GIFT_CODE_LENGTH }, () => GIFT_CODE_ALPHABET[randomInt(GIFT_CODE_ALPHABET.length)]).join("");

/** The pupil's gift code (their referral discount code), or null before they generated one. */
export async function ownCode(db: Db | Tx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ code: discountCodes.code })
    .from(discountCodes)
    .where(and(eq(discountCodes.userId, userId), eq(discountCodes.kind, "referral")))
    .limit(1);
  return row?.code ?? null;
}

/**
 * `GET /student/generate-gift-code`: the pupil's code, made on the first call. 403 `gift_code_unauthorized` for a pupil
 * who is not eligible (domain/referral.ts `isEligibleForGift`), whether or not a code was made earlier.
 */
export async function generateGiftCode(deps: Pick<Deps, "db" | "now">, userId: number): Promise<GiftCodeDto> {
  if (!(await isPupilEligible(deps.db, userId, tunisDay(deps.now())))) throw new AppError(403, "gift_code_unauthorized");
  const existing = await ownCode(deps.db, userId);
  if (existing) return { gift_code: existing };
  // A new code: a concurrent generation (the one-per-pupil index) or a taken code (the code's unique constraint) makes
  // the insert do nothing; the pupil's code is then read again, and another random code is tried for a collision.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [made] = await deps.db
      .insert(discountCodes)
      .values({ userId, code: randomCode(), kind: "referral", type: "percentage", amount: REFERRAL_PERCENT, ownerSharePercent: REFERRAL_PERCENT, createdAt: deps.now() })
      .onConflictDoNothing()
      .returning({ code: discountCodes.code });
    const code = made?.code ?? (await ownCode(deps.db, userId));
    if (code) return { gift_code: code };
  }
  throw new Error(`gift code: no free code after 5 tries for user ${userId}`);
}

/**
 * `GET /student/history/generated-gifts`: the uses of the pupil's code, newest first (SPEC §3 "User history": the
 * friend's name, the subscription's start and group, the share earned — less what a refund took back — and the tokens).
 */
export async function listGeneratedGifts(deps: Pick<Deps, "db">, userId: number, page: number, perPage: number) {
  const mine = and(eq(discountCodes.userId, userId), eq(discountCodes.kind, "referral"));
  const [total] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(discountCodeUses)
    .innerJoin(discountCodes, eq(discountCodes.id, discountCodeUses.codeId))
    .where(mine);
  const rows = await deps.db
    .select({
      id: discountCodeUses.id,
      name: users.name,
      lastName: users.lastName,
      startDate: affiliations.startDate,
      groupName: offerGroups.name,
      groupNameAr: offerGroups.nameAr,
      groupNameEn: offerGroups.nameEn,
      profit: sql<string>`(${discountCodeUses.ownerProfit} - ${discountCodeUses.reclaimed})::text`,
      tokens: sql<string>`(select coalesce(sum(${tokenEntries.amount} - ${tokenEntries.owed}), 0)::text from ${tokenEntries}
        where ${tokenEntries.reason} = 'referral' and ${tokenEntries.refType} = 'discount_use' and ${tokenEntries.refId} = ${discountCodeUses.id}::text)`,
    })
    .from(discountCodeUses)
    .innerJoin(discountCodes, eq(discountCodes.id, discountCodeUses.codeId))
    .innerJoin(users, eq(users.id, discountCodeUses.userId))
    .innerJoin(affiliations, eq(affiliations.id, discountCodeUses.affiliationId))
    .innerJoin(offerGroups, eq(offerGroups.id, affiliations.groupId))
    .where(mine)
    .orderBy(desc(discountCodeUses.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const payload: GeneratedGiftDto[] = rows.map((r) => ({
    id: r.id,
    ...personNames({ name: r.name, last_name: r.lastName }),
    start_date: r.startDate,
    group_name: r.groupName,
    group_name_ar: r.groupNameAr,
    group_name_en: r.groupNameEn,
    profit_amount: Number(r.profit),
    tokens: Number(r.tokens),
  }));
  return { payload, meta: pageMeta(page, perPage, total?.n ?? 0) };
}
