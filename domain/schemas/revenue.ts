/** Inputs of the influencer's revenue page (`/revenu`). */
import * as v from "valibot";
import { idSchema } from "./common";
import { PageQuery } from "./learning";

export const DiscountCodeHistoryParams = v.object({ id: idSchema });
/** `?page&perPage` (10/25/100, default 10). */
export const RevenuePageQuery = PageQuery;

/** `GET /student/profit/discount-code`: an influencer's code with its totals (SPEC §3 "Discount code"). */
export interface ProfitDiscountCodeDto {
  id: number;
  code: string;
  created_at: string;
  expired_at: string | null;
  nb_of_use: number;
  active: boolean;
  /** The influencer's revenue from this code, in millimes. */
  totalAmount: number;
  /** The buyer's discount: percentage (amount in percent) or points (amount in millimes). */
  type: string;
  amount: number;
}

/** `GET /discount-code-histories/{id}`: one row per purchase made with the code (SPEC §3 "User history"). */
export interface DiscountCodeHistoryDto {
  id: number;
  user: { name: string; last_name: string };
  affiliation: { start_date: string };
  group: { id: number; name: string };
  /** Millimes. */
  profit_amount: number;
}

/** `GET /student/profit/benefit-payments` (SPEC §3 "Benefit payment"). */
export interface BenefitPaymentDto {
  id: number;
  payed_at: string;
  /** Millimes. */
  amount: number;
}
