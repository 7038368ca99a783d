/** Inputs of the influencer's revenue page (`/revenu`). */
import * as v from "valibot";
import { idSchema } from "./common";
import { PageQuery } from "./learning";
import { PersonNameSchema } from "./common";

export const DiscountCodeHistoryParams = v.object({ id: idSchema });
/** `?page&perPage` (10/25/100, default 10). */
export const RevenuePageQuery = PageQuery;

// What the revenue page reads, written once as valibot schemas (the server's declared answers; the client reads their
// types). Amounts in millimes.
const id = v.pipe(v.number(), v.integer());
const millimes = v.pipe(v.number(), v.safeInteger());

/** `GET /student/profit/discount-code`: an influencer's code with its totals (SPEC §3 "Discount code"). */
export const ProfitDiscountCodeDtoSchema = v.strictObject({
  id,
  code: v.string(),
  created_at: v.string(),
  expired_at: v.nullable(v.string()),
  nb_of_use: v.pipe(v.number(), v.integer(), v.minValue(0)),
  active: v.boolean(),
  /** The influencer's revenue from this code, in millimes. */
  totalAmount: millimes,
  /** The buyer's discount: percentage (amount in percent) or points (amount in millimes). */
  type: v.string(),
  amount: v.number(),
});
export type ProfitDiscountCodeDto = v.InferOutput<typeof ProfitDiscountCodeDtoSchema>;

/** `GET /discount-code-histories/{id}`: one row per purchase made with the code (SPEC §3 "User history"). */
export const DiscountCodeHistoryDtoSchema = v.strictObject({
  id,
  /** The buyer (names null for an operator's subscriber without one, `PersonNameSchema`). */
  user: v.strictObject({ name: PersonNameSchema, last_name: PersonNameSchema }),
  affiliation: v.strictObject({ start_date: v.string() }),
  group: v.strictObject({ id, name: v.string(), name_ar: v.nullish(v.string()), name_en: v.nullish(v.string()) }),
  /** Millimes. */
  profit_amount: millimes,
});
export type DiscountCodeHistoryDto = v.InferOutput<typeof DiscountCodeHistoryDtoSchema>;

/** `GET /student/profit/benefit-payments` (SPEC §3 "Benefit payment"). */
export const BenefitPaymentDtoSchema = v.strictObject({
  id,
  payed_at: v.string(),
  /** Millimes. */
  amount: millimes,
});
export type BenefitPaymentDto = v.InferOutput<typeof BenefitPaymentDtoSchema>;
