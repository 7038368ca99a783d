/**
 * The mobile-operator subscription (SPEC §1, §5, §9): Digital Virgo carrier billing of the Silver offer (group 33) for
 * one day or seven days, renewed automatically until the pupil unsubscribes. Prices per level in millimes.
 */
import * as v from "valibot";
import { GROUP } from "./constants";
import { tunisDay } from "./days";

/** The offer (and group) an operator subscription grants: Silver, 33 (SPEC §6 "Unsubscribe menu on offer 33"). */
export const OPERATOR_OFFER_ID = GROUP.operatorSilver;

/** Recurrence in days (SPEC §9): 1 (day) or 7 (week). */
const OPERATOR_RECURRENCES = [1, 7] as const;
export type Recurrence = (typeof OPERATOR_RECURRENCES)[number];

export const OPERATOR_LEVELS = ["primary", "basic", "secondary", "baccalaureate"] as const;
export type OperatorLevel = (typeof OPERATOR_LEVELS)[number];

/** SPEC §9 "Level perDay/perWeek", in millimes: primary 0.95/7.75, basic and secondary 1.6/12.25, bac 2.3/17.25 TND. */
export const OPERATOR_PRICES: Readonly<Record<OperatorLevel, { perDay: number; perWeek: number }>> = {
  primary: { perDay: 950, perWeek: 7_750 },
  basic: { perDay: 1_600, perWeek: 12_250 },
  secondary: { perDay: 1_600, perWeek: 12_250 },
  baccalaureate: { perDay: 2_300, perWeek: 17_250 },
};

export const isOperatorLevel = (value: unknown): value is OperatorLevel =>
  typeof value === "string" && (OPERATOR_LEVELS as readonly string[]).includes(value);

export const isRecurrence = (value: unknown): value is Recurrence => value === 1 || value === 7;

/** The price of one period of the subscription for a level, in millimes. */
export function operatorPrice(level: OperatorLevel, recurrence: Recurrence): number {
  const prices = OPERATOR_PRICES[level];
  return recurrence === 1 ? prices.perDay : prices.perWeek;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One paid period starting at `start`: it ends `recurrence` days later (the renewal instant). The affiliation it
 * grants runs from the start's Tunis day to the renewal's Tunis day included (`domain/days.ts`, the day the access
 * check compares `end_date` with), so a one-day pass bought at 23:00 in Tunis still lasts 24 hours.
 */
export function operatorPeriod(start: Date, recurrence: Recurrence): { renewsAt: Date; startDate: string; endDate: string } {
  const renewsAt = new Date(start.getTime() + recurrence * DAY_MS);
  return { renewsAt, startDate: tunisDay(start), endDate: tunisDay(renewsAt) };
}

// What the operator's API answers, written once as valibot schemas: the server declares them as its answers (checked
// in tests, published in the OpenAPI document), the client reads their types. Prices in millimes.
const id = v.pipe(v.number(), v.integer());
const millimes = v.pipe(v.number(), v.safeInteger());

/** `GET /offers`: one card per level. */
export const OperatorOfferDtoSchema = v.strictObject({
  level: v.picklist(OPERATOR_LEVELS),
  /** Millimes per day and per week. */
  perDay: millimes,
  perWeek: millimes,
  offer_id: id,
  group: v.strictObject({ id, name: v.string(), name_ar: v.nullish(v.string()), name_en: v.nullish(v.string()) }),
});
export type OperatorOfferDto = v.InferOutput<typeof OperatorOfferDtoSchema>;

/** `GET /{level}/divisions`. */
export const OperatorDivisionDtoSchema = v.strictObject({ id, name: v.string(), name_ar: v.string(), name_en: v.string() });
export type OperatorDivisionDto = v.InferOutput<typeof OperatorDivisionDtoSchema>;

/** `POST /checkout`, `POST /digitalvirgo/checkout`: where the browser goes to confirm with the operator. */
export const OperatorCheckoutDtoSchema = v.strictObject({ redirectUrl: v.string(), orderId: v.string() });
export type OperatorCheckoutDto = v.InferOutput<typeof OperatorCheckoutDtoSchema>;

/** `GET /digitalvirgo/success`: the activated subscription, and a session for a visitor whose account it created. */
export const OperatorActivationDtoSchema = v.strictObject({
  orderId: v.string(),
  status: v.picklist(["active", "cancelled"]),
  recurrence: v.picklist(OPERATOR_RECURRENCES),
  price: millimes,
  renews_at: v.string(),
  end_date: v.string(),
  /** True when this subscription created the pupil's account. */
  newAccount: v.boolean(),
  /** A session for the subscriber: only for the visitor who just subscribed, within minutes of the activation, on the first use of the return link. */
  token: v.optional(v.string()),
  expires_at: v.optional(v.string()),
  user_type: v.optional(v.literal("student")),
});
export type OperatorActivationDto = v.InferOutput<typeof OperatorActivationDtoSchema>;

/** `POST /digitalvirgo/echec`. */
export const OperatorFailureDtoSchema = v.strictObject({ orderId: v.string(), status: v.picklist(["failed", "active", "cancelled"]) });
export type OperatorFailureDto = v.InferOutput<typeof OperatorFailureDtoSchema>;

/** `POST /digitalvirgo/unsubscribe`. */
export const OperatorUnsubscribeDtoSchema = v.strictObject({
  status: v.literal("cancelled"),
  cancelled_at: v.string(),
  /** Access lasts until the paid period ends. */
  end_date: v.string(),
});
export type OperatorUnsubscribeDto = v.InferOutput<typeof OperatorUnsubscribeDtoSchema>;
