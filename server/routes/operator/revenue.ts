import * as v from "valibot";
import { BenefitPaymentDtoSchema, DiscountCodeHistoryDtoSchema, DiscountCodeHistoryParams, ProfitDiscountCodeDtoSchema, RevenuePageQuery } from "../../../domain/schemas/revenue";
import { PUPIL_ONLY, type Access } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { listBenefitPayments, listCodeHistory, listProfitCodes } from "../../services/revenue/influencer";

/** Influencers only: the matrix's pupils (A, and the operator acting as A) are not influencers. */
const INFLUENCER_ONLY: Access = { ...PUPIL_ONLY, pupil: 403, otherPupil: 403, admin: 403, unverified: 403 };

export const profitCodes = defineRoute({
  method: "get",
  path: "/student/profit/discount-code",
  summary: "The influencer's discount codes with their use count and the revenue they brought (millimes); 403 for anyone else",
  tag: "revenue",
  auth: "required",
  access: INFLUENCER_ONLY,
  answer: v.array(ProfitDiscountCodeDtoSchema),
  response: "ProfitDiscountCodeDto[]",
  handler: async ({ deps, auth }) => ({ payload: await listProfitCodes(deps, auth.userId) }),
});

export const codeHistory = defineRoute({
  method: "get",
  path: "/discount-code-histories/{id}",
  summary: "Purchases made with one of the influencer's codes: buyer, subscription start, group, profit (millimes), paged 10/25/100; another's code is 404",
  tag: "revenue",
  auth: "required",
  access: INFLUENCER_ONLY,
  answer: v.array(DiscountCodeHistoryDtoSchema),
  params: DiscountCodeHistoryParams,
  query: RevenuePageQuery,
  response: "DiscountCodeHistoryDto[] with meta",
  handler: async ({ deps, auth, params, query }) => listCodeHistory(deps, auth.userId, params.id, query.page, query.perPage),
});

export const benefitPaymentsRoute = defineRoute({
  method: "get",
  path: "/student/profit/benefit-payments",
  summary: "The payouts of the influencer's revenue (payed_at, amount in millimes), newest first; 403 for anyone else",
  tag: "revenue",
  auth: "required",
  access: INFLUENCER_ONLY,
  answer: v.array(BenefitPaymentDtoSchema),
  response: "BenefitPaymentDto[]",
  handler: async ({ deps, auth }) => ({ payload: await listBenefitPayments(deps, auth.userId) }),
});
