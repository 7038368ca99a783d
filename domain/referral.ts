/**
 * The referral programme (SPEC §1 "Referral programme", issue 20): who may generate a gift code, what a friend's
 * purchase with it earns in tokens (jetons), how tokens convert to points, and the answers of the referral operations
 * as valibot schemas (declared by the server as its answers, read by the client as types).
 */
import * as v from "valibot";
import { addDays } from "./days";
import { EMAIL_RE, idSchema, intSchema, withEntries } from "./schemas/common";
import { PageQuery } from "./schemas/learning";
import { PersonNameSchema } from "./schemas/common";

// ── eligibility ──

/** The first day of the Tunisian school year (September 15); it ends on June 30 (`subscriptionEnd(…, "year")`). */
const SCHOOL_YEAR_START = "09-15";

/** The first day of the school year `today` (YYYY-MM-DD) belongs to: until September 14, the one that began last year. */
export function schoolYearStart(today: string): string {
  const year = Number(today.slice(0, 4));
  const start = `${year}-${SCHOOL_YEAR_START}`;
  return today >= start ? start : `${year - 1}-${SCHOOL_YEAR_START}`;
}

/** A subscription of the pupil, as eligibility reads it (refunded ones are left out by the caller). */
export interface GiftEligibilityAffiliation {
  /** The offer's type: a primary plan (Gold, Silver, Excellent…) or a pack of subjects. */
  offerType: "primary" | "pack";
  /** A chapter bought alone (a live event's course): never a major offer. */
  chapterId: number | null;
  period: string;
  startDate: string;
  endDate: string;
}

/**
 * Who is a loyal pupil (SPEC §1: "holders of a major offer or monthly subscribers for the whole year"), the one rule of
 * the programme, read by `/auth/me` (`permissions.eligibleUserForGift`) and enforced by `GET /student/generate-gift-code`:
 *
 * 1. **A major offer for the school year**: a subscription, live today, to a *primary* plan (not a pack of subjects,
 *    not a chapter bought alone, not a free trial) bought for the period `year` — which always runs to the school
 *    year's end, June 30 (paid at once or in instalments: the plan is the year's);
 * 2. **or monthly for the whole year**: subscriptions of period `month` to primary plans that, one after the other,
 *    cover every day from the start of the school year (September 15; before it, the start of the year that is ending)
 *    to today without a gap, today included.
 *
 * A refunded subscription counts for nothing (the caller leaves it out).
 */
export function isEligibleForGift(list: readonly GiftEligibilityAffiliation[], today: string): boolean {
  const major = list.filter((a) => a.offerType === "primary" && a.chapterId === null);
  if (major.some((a) => a.period === "year" && a.startDate <= today && a.endDate >= today)) return true;
  const months = major.filter((a) => a.period === "month" && a.startDate <= today).sort((a, b) => (a.startDate < b.startDate ? -1 : 1));
  // Walk the months in order: `covered` is the last day covered without a gap since the school year's first day.
  let covered = addDays(schoolYearStart(today), -1);
  for (const m of months) {
    if (m.startDate > addDays(covered, 1)) break;
    if (m.endDate > covered) covered = m.endDate;
  }
  return covered >= today;
}

// ── gift code ──

/** A generated gift code: `CP-` and 8 characters without look-alikes (no 0/O, 1/I/L). */
export const GIFT_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const GIFT_CODE_LENGTH = 8;
/** What the friend gets off the first instalment, and the referrer's share as points, in percent (SPEC §1, §9). */
export const REFERRAL_PERCENT = 5;

// ── tokens ──

/** Tokens earned per whole 10 TND (10,000 millimes) of the friend's first payment. */
const REFERRAL_TOKENS_PER = 10_000;

/**
 * The tokens a referrer earns when a friend's purchase uses their gift code: 1 token per whole 10 TND the friend paid
 * (the first instalment, after the code's discount), at least 1 for any paid purchase; nothing for a free one.
 */
export function referralTokens(paidMillimes: number): number {
  if (paidMillimes <= 0) return 0;
  return Math.max(1, Math.floor(paidMillimes / REFERRAL_TOKENS_PER));
}

/** Tokens per point: 1 token converts to 1 point (1 TND). */
export const TOKENS_PER_POINT = 1;
/** The least a conversion takes (SPEC §9). */
export const CONVERSION_MIN_TOKENS = 5;

/** The points (in millimes) a conversion of `tokens` gives: round(tokens ÷ rate) points. */
export function conversionPoints(tokens: number, rate: number = TOKENS_PER_POINT): number {
  return Math.round(tokens / rate) * 1000;
}

/** `POST /student/gift-requests/convert-gift-point { giftPoint }`: digits only (a string or a whole number), at least 5. */
export const ConvertBody = v.object({
  giftPoint: v.pipe(
    // Missing: "" (not digits) — one code for every input that is not a whole number of tokens.
    v.optional(
      v.union(
        [
          v.pipe(v.string(), v.trim(), v.regex(/^\d{1,6}$/, "gift_point_invalid")),
          v.pipe(v.number(), v.safeInteger("gift_point_invalid"), v.minValue(0, "gift_point_invalid"), v.maxValue(999_999, "gift_point_invalid")),
        ],
        "gift_point_invalid",
      ),
      "",
    ),
    v.transform(Number),
    v.minValue(CONVERSION_MIN_TOKENS, "gift_point_min"),
  ),
});
export type ConvertInput = v.InferOutput<typeof ConvertBody>;

// ── gift catalogue ──

/** `GET /student/gifts?page&perPage&orderBy&sortedBy`: the paging of every list (10/25/100, 10 by default), by id or price. */
export const GiftsQuery = v.object(
  withEntries(PageQuery.entries, {
    orderBy: v.optional(v.picklist(["id", "amount"], "order_invalid"), "id"),
    sortedBy: v.optional(v.picklist(["asc", "desc"], "order_invalid"), "desc"),
  }),
);
export type GiftsQueryInput = v.InferOutput<typeof GiftsQuery>;

// ── answers ──

const id = v.pipe(v.number(), v.integer());
const count = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const millimes = v.pipe(v.number(), v.safeInteger());

const GiftImageDtoSchema = v.strictObject({ id, file_url: v.string(), is_cover: v.boolean() });
/** SPEC §3 "Gift": the price (`amount`) in tokens, the names and descriptions in the three languages. */
export const GiftDtoSchema = v.strictObject({
  id,
  name: v.string(),
  name_en: v.string(),
  name_ar: v.string(),
  description: v.string(),
  description_en: v.string(),
  description_ar: v.string(),
  amount: count,
  stock: count,
  gift_images: v.array(GiftImageDtoSchema),
});
export type GiftDto = v.InferOutput<typeof GiftDtoSchema>;
export const GiftListDtoSchema = v.array(GiftDtoSchema);

/** `GET /student/generate-gift-code`. */
export const GiftCodeDtoSchema = v.strictObject({ gift_code: v.string() });
export type GiftCodeDto = v.InferOutput<typeof GiftCodeDtoSchema>;

/** SPEC §3 "User history": one use of the pupil's gift code — the friend, the subscription, what it earned. */
const GeneratedGiftDtoSchema = v.strictObject({
  id,
  /** The friend's name (null both for an operator's subscriber without one, `PersonNameSchema`). */
  name: PersonNameSchema,
  last_name: PersonNameSchema,
  start_date: v.string(),
  group_name: v.string(),
  group_name_ar: v.nullish(v.string()),
  group_name_en: v.nullish(v.string()),
  /** The points share earned, in millimes (what a refund took back is deducted). */
  profit_amount: millimes,
  /** The tokens earned. */
  tokens: count,
});
export type GeneratedGiftDto = v.InferOutput<typeof GeneratedGiftDtoSchema>;
export const GeneratedGiftListDtoSchema = v.array(GeneratedGiftDtoSchema);

/** `GET /student/gift-requests/conversion-rate-gift-point`. */
export const ConversionRateDtoSchema = v.strictObject({ rate: v.pipe(v.number(), v.minValue(0)), min: count });
export type ConversionRateDto = v.InferOutput<typeof ConversionRateDtoSchema>;

/** `POST /student/gift-requests/convert-gift-point`: what was converted, and both balances after. */
export const ConversionDtoSchema = v.strictObject({
  id,
  tokens: count,
  /** Points credited, in millimes. */
  points: millimes,
  gift_point: count,
  balance: millimes,
});
export type ConversionDto = v.InferOutput<typeof ConversionDtoSchema>;

// ── cart, orders and delivery (issue 20 §6) ──

/** `POST /student/gift-request-items { gift }`: a gift of the catalogue into the pupil's cart (one unit per item). */
export const GiftRequestItemBody = v.object({ gift: idSchema });

/** A delivery phone (SPEC §5): 8 digits starting 2, 4, 5 or 9. */
const DELIVERY_PHONE_RE = /^[2459]\d{7}$/;
/** A Tunisian postal code: 4 digits. */
const POSTAL_CODE_RE = /^\d{4}$/;
const text = (max: number, tooLong: string) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, tooLong)), "");

/**
 * `POST /student/gift-requests-delivery`, the delivery form of SPEC §2 and §5: name at least 2 characters, phone1 8 digits
 * starting 2, 4, 5 or 9, phone2 optional with the same pattern, an e-mail, the governorate (`state`, one of the 24 of
 * `GET /states/1`: the server checks it is Tunisia's), an address, an optional note and an optional 4-digit postal code.
 * Every field error is a code of its field (`domain/errors.ts`, translated by the client).
 */
export const DeliveryBody = v.object({
  name: v.pipe(v.optional(v.pipe(v.string("delivery_name_invalid"), v.trim()), ""), v.minLength(2, "delivery_name_invalid"), v.maxLength(100, "delivery_name_invalid")),
  phone1: v.pipe(
    v.optional(v.pipe(v.string("delivery_phone_invalid"), v.trim()), ""),
    // One code per input: missing, or not the pattern.
    v.check((s) => s === "" || DELIVERY_PHONE_RE.test(s), "delivery_phone_invalid"),
    v.minLength(1, "phone_required"),
  ),
  phone2: v.pipe(
    v.optional(v.nullable(v.pipe(v.string("delivery_phone_invalid"), v.trim())), ""),
    v.transform((s) => s ?? ""),
    v.check((s) => s === "" || DELIVERY_PHONE_RE.test(s), "delivery_phone_invalid"),
  ),
  email: v.pipe(
    v.optional(v.pipe(v.string("email_invalid"), v.trim(), v.toLowerCase()), ""),
    v.check((s) => s === "" || (s.length <= 180 && EMAIL_RE.test(s)), "email_invalid"),
    v.minLength(1, "email_required"),
  ),
  state: v.pipe(
    v.optional(v.union([v.literal(""), v.null(), intSchema("state_invalid", 1)], "state_invalid"), ""),
    v.check((x) => typeof x === "number", "state_required"),
    v.transform((x) => x as number),
  ),
  address: v.pipe(v.optional(v.pipe(v.string("address_required"), v.trim()), ""), v.minLength(1, "address_required"), v.maxLength(255, "description_too_long")),
  postalCode: v.pipe(
    v.optional(v.nullable(v.pipe(v.string("postal_code_invalid"), v.trim())), ""),
    v.transform((s) => s ?? ""),
    v.check((s) => s === "" || POSTAL_CODE_RE.test(s), "postal_code_invalid"),
  ),
  note: text(500, "description_too_long"),
});
export type DeliveryInput = v.InferOutput<typeof DeliveryBody>;

/** The statuses of an order (SPEC §3 "Purchase/order"), in the order an accepted one goes through them. */
const GIFT_ORDER_STATUSES = ["pending", "approved", "rejected", "shipped", "delivered"] as const;
export type GiftOrderStatus = (typeof GIFT_ORDER_STATUSES)[number];
/** The operator's steps (`npm run admin -- gift-order <id> <step>`) and the status each leads to. */
export const GIFT_ORDER_STEPS = { approve: "approved", reject: "rejected", ship: "shipped", deliver: "delivered" } as const;
export type GiftOrderStep = keyof typeof GIFT_ORDER_STEPS;
/** The statuses each status may go to: a rejection is possible until the parcel leaves. */
const GIFT_ORDER_NEXT: Record<GiftOrderStatus, readonly GiftOrderStatus[]> = {
  pending: ["approved", "rejected"],
  approved: ["shipped", "rejected"],
  shipped: ["delivered"],
  rejected: [],
  delivered: [],
};
export function canMoveGiftOrder(from: GiftOrderStatus, to: GiftOrderStatus): boolean {
  return GIFT_ORDER_NEXT[from].includes(to);
}

/** `GET /student/gift-requests` (paged like every list). */
export const GiftRequestsQuery = PageQuery;

const GiftRequestItemDtoSchema = v.strictObject({
  id,
  /** The price in tokens: the catalogue's while in the cart, the one paid once ordered. */
  amount: count,
  gift: GiftDtoSchema,
});
/** `GET /student/gift-requests/current`: the cart (`id` null while nothing was ever added), its items and its total. */
export const GiftCartDtoSchema = v.strictObject({
  id: v.nullable(id),
  items: v.array(GiftRequestItemDtoSchema),
  /** The tokens the cart costs now. */
  amount: count,
  /** The pupil's token balance. */
  gift_point: count,
});
export type GiftCartDto = v.InferOutput<typeof GiftCartDtoSchema>;

const DeliveryDtoSchema = v.strictObject({
  name: v.string(),
  phone1: v.string(),
  phone2: v.nullable(v.string()),
  email: v.string(),
  state: v.nullable(v.strictObject({ id, name: v.string(), name_ar: v.string() })),
  address: v.string(),
  postal_code: v.nullable(v.string()),
  note: v.nullable(v.string()),
});
/** SPEC §3 "Purchase/order": one order with its items, its delivery and its status. */
export const GiftOrderDtoSchema = v.strictObject({
  id,
  /** Tokens spent. */
  amount: count,
  status: v.picklist(GIFT_ORDER_STATUSES),
  note: v.nullable(v.string()),
  /** The operator's reason of a rejection (null otherwise). */
  reason: v.nullable(v.string()),
  created_at: v.string(),
  updated_at: v.string(),
  items: v.array(GiftRequestItemDtoSchema),
  delivery: DeliveryDtoSchema,
});
export type GiftOrderDto = v.InferOutput<typeof GiftOrderDtoSchema>;
export const GiftOrderListDtoSchema = v.array(GiftOrderDtoSchema);
/** `POST /student/gift-requests-delivery`: the order placed, and the pupil's tokens after. */
export const PlacedGiftOrderDtoSchema = v.strictObject({ order: GiftOrderDtoSchema, gift_point: count });
export type PlacedGiftOrderDto = v.InferOutput<typeof PlacedGiftOrderDtoSchema>;
/** `POST /student/gift-request-items`: the item added. `DELETE …/{id}`: the cart after. */
export const GiftRequestItemAddedDtoSchema = v.strictObject({ id, gift_request_id: id, gift_id: id });

// ── operator (issue 20 §7, §8) ──

/** `POST /admin/gift-orders/{id}/status { step, reason }`. */
export const GiftOrderStepBody = v.object({
  step: v.picklist(Object.keys(GIFT_ORDER_STEPS) as GiftOrderStep[], "decision_invalid"),
  reason: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(255, "description_too_long"))), null),
});
/** What an operator's step did: the order's status, and what a rejection gave back (0 when nothing moved). */
export const GiftOrderStepDtoSchema = v.strictObject({
  id,
  user_id: id,
  status: v.picklist(GIFT_ORDER_STATUSES),
  /** False when the order already had this status (a second rejection changes nothing). */
  changed: v.boolean(),
  tokens_returned: count,
});
export type GiftOrderStepDto = v.InferOutput<typeof GiftOrderStepDtoSchema>;

/** `POST /admin/gifts/{id}/stock { stock }`: the gift's stock set to `stock` units. */
export const GiftStockBody = v.object({ stock: intSchema("amount_invalid", 0, 1_000_000) });
export const GiftStockDtoSchema = v.strictObject({ id, stock: count });

/** `POST /admin/token-adjustments { login, tokens, reason }`: ± tokens for a pupil, audited (reason `operator`). */
export const TokenAdjustBody = v.object({
  login: v.pipe(v.string("username_required"), v.trim(), v.minLength(1, "username_required")),
  tokens: v.pipe(v.number("amount_invalid"), v.safeInteger("amount_invalid"), v.check((n) => n !== 0 && Math.abs(n) <= 1_000_000, "amount_invalid")),
  reason: v.pipe(v.string("reason_required"), v.trim(), v.minLength(1, "reason_required"), v.maxLength(255, "description_too_long")),
});
export const TokenAdjustDtoSchema = v.strictObject({ user_id: id, tokens: millimes, gift_point: count });

/** The abuse review (issue 20 §8): the kinds of flag. */
const REFERRAL_FLAG_KINDS = ["same_ip", "same_device", "daily_rewards"] as const;
/** More referral rewards than this in 24 hours for one referrer: each further one is flagged for review. */
export const REFERRAL_DAILY_REWARDS_MAX = 5;
/** A code used within this long of its owner's session from the same IP or device is flagged. */
export const REFERRAL_SAME_ORIGIN_HOURS = 72;
const ReferralFlagDtoSchema = v.strictObject({
  id,
  kind: v.picklist(REFERRAL_FLAG_KINDS),
  referrer_id: id,
  referrer: v.string(),
  friend_id: id,
  friend: v.string(),
  discount_use_id: id,
  detail: v.string(),
  created_at: v.string(),
});
export const ReferralFlagListDtoSchema = v.array(ReferralFlagDtoSchema);
export type ReferralFlagDto = v.InferOutput<typeof ReferralFlagDtoSchema>;
