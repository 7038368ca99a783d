/**
 * Tokens to points (issue 20 §4): `POST /student/gift-requests/convert-gift-point { giftPoint }` converts `giftPoint`
 * tokens at `TOKENS_PER_POINT` (domain/referral.ts). One transaction, once per Idempotency-Key: the conversion's row,
 * the tokens out of the token ledger (reason `converted`), the points into the points ledger (platform revenue → pupil,
 * kind `referral_reward`: the referral programme's points, shown as such in the points history) — both referring to the
 * conversion, so `ledger-check` can see that the two ledgers agree.
 *
 * Lock order (the one of every transaction that moves points and tokens): the pupil's points wallet, then their token
 * account. Tokens are the pupil's: converting them needs no eligibility (a pupil whose year ended keeps what they
 * earned). Too few tokens: 402 `tokens_insufficient` (nothing is kept: the whole transaction rolls back).
 */
import { eq } from "drizzle-orm";
import { conversionPoints, CONVERSION_MIN_TOKENS, TOKENS_PER_POINT, type ConversionDto, type ConversionRateDto, type ConvertInput } from "../../../domain/referral";
import { tokenConversions } from "../../db/schema";
import type { AuthInfo } from "../../lib/auth";
import type { Deps } from "../../lib/deps";
import { AppError } from "../../lib/errors";
import { withIdempotency, type IdempotentResult } from "../../lib/idempotency";
import { balanceOf, lockWallets, PLATFORM_WALLETS, postMovement } from "../wallet/ledger";
import { lockTokens, postTokens, tokenBalance } from "./tokens";

export function conversionRate(): ConversionRateDto {
  return { rate: TOKENS_PER_POINT, min: CONVERSION_MIN_TOKENS };
}

export async function convertTokens(
  deps: Pick<Deps, "db" | "now">,
  auth: Pick<AuthInfo, "userId" | "adminId">,
  input: ConvertInput,
  idempotencyKey: string | undefined,
  hash: string,
): Promise<IdempotentResult<ConversionDto>> {
  return withIdempotency(deps, auth, idempotencyKey, hash, async (tx) => {
    const userId = auth.userId;
    const now = deps.now();
    const tokens = input.giftPoint;
    const points = conversionPoints(tokens);
    await lockWallets(tx, [userId]);
    const { balance } = await lockTokens(tx, userId);
    if (balance < tokens) throw new AppError(402, "tokens_insufficient");
    const [conversion] = await tx.insert(tokenConversions).values({ userId, tokens, points, createdAt: now }).returning({ id: tokenConversions.id });
    const ref = { type: "token_conversion", id: conversion!.id };
    await postTokens(tx, { userId, amount: -tokens, reason: "converted", ref, description: `Conversion en ${points / 1000} points`, adminId: auth.adminId });
    const movementId = await postMovement(tx, {
      kind: "referral_reward",
      from: PLATFORM_WALLETS.revenue,
      to: userId,
      amount: points,
      description: `Conversion de ${tokens} jetons`,
      ref,
      adminId: auth.adminId,
    });
    await tx.update(tokenConversions).set({ movementId }).where(eq(tokenConversions.id, conversion!.id));
    return { id: conversion!.id, tokens, points, gift_point: await tokenBalance(tx, userId), balance: await balanceOf(tx, userId) };
  });
}
