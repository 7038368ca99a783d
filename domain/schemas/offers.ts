/**
 * Offers, checkout and discount codes (SPEC §5 "Coupon", §7 "Offers and purchase"): the rules shared by the `/offres`
 * screen and the server. Amounts are integers of millimes.
 */
import * as v from "valibot";
import { COUPON_MAX_LENGTH, COUPON_MIN_LENGTH, OFFER_PERIODS } from "../offers";
import { idSchema, intSchema } from "./common";

/** The largest price the checkout takes (100,000 TND in millimes): more is not an amount anyone saw. */
const AMOUNT_MAX = 100_000_000;
/** Most subjects a class has (and a little more). */
const SUBJECTS_MAX = 30;
/** Instalments of a year's price. */
const SLICES_MAX = 12;

/** A discount code as typed: required, at least 3 characters (SPEC §5), letters, digits and dashes. */
const couponSchema = v.config(
  v.pipe(
    v.string("coupon_required"),
    v.trim(),
    v.nonEmpty("coupon_required"),
    v.minLength(COUPON_MIN_LENGTH, "coupon_too_short"),
    v.maxLength(COUPON_MAX_LENGTH, "discount_invalid"),
    v.regex(/^[A-Za-z0-9_-]+$/, "discount_invalid"),
    v.toUpperCase(),
  ),
  // One reason per field: the first rule broken.
  { abortPipeEarly: true },
);

const period = v.picklist(OFFER_PERIODS, "period_invalid");
const quantity = v.optional(intSchema("coupon_first_slice_only", 1, SLICES_MAX), 1);
const optionalId = v.optional(v.nullable(idSchema), null);

/** `POST /student/checkout/buy`. */
export const BuyBody = v.object({
  offerDivisionDetail: idSchema,
  period,
  /** Subject ids of a per-subject offer; null (or absent) for all of them. */
  subjects: v.optional(v.nullable(v.pipe(v.array(idSchema, "subjects_invalid"), v.maxLength(SUBJECTS_MAX, "subjects_invalid"))), null),
  /** The instalment paid (1 = the first). */
  quantity,
  chapter: optionalId,
  content_id: optionalId,
  event: optionalId,
  /** The price the pupil saw, in millimes: refused (409 price_changed) when it is not the price. */
  amount: intSchema("amount_invalid", 0, AMOUNT_MAX),
});
export type BuyInput = v.InferOutput<typeof BuyBody>;

/** `POST /student/discount-code`. */
export const DiscountCodeBody = v.object({
  code: couponSchema,
  offerId: idSchema,
  quantity,
  allYear: v.optional(v.boolean("validation_failed"), false),
  /** The period chosen on the card, when known (the code's period rule is checked against it). */
  period: v.optional(v.nullable(period), null),
});
export type DiscountCodeInput = v.InferOutput<typeof DiscountCodeBody>;

/** The coupon field of the screen. */
export const CouponForm = v.object({ code: couponSchema });
