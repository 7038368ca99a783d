import { OperatorCheckoutSchema, OperatorReturnSchema, OperatorUserCheckoutSchema } from "../../../domain/schemas/operator";
import { PUBLIC, PUPIL_ONLY, SPENDS_MONEY } from "../../lib/access";
import { requestHash } from "../../lib/idempotency";
import type { RateRule } from "../../lib/rate-limit";
import { defineRoute } from "../../lib/route";
import { activateFromReturn, failFromReturn, startCheckout, startUserCheckout, unsubscribe } from "../../services/operator/subscriptions";
import { OperatorActivationDtoSchema, OperatorCheckoutDtoSchema, OperatorFailureDtoSchema, OperatorUnsubscribeDtoSchema } from "../../../domain/operator";

/** Visitors opening operator orders, per address. */
const CHECKOUT_IP: RateRule = { name: "operator-checkout:ip", limit: 20, windowSeconds: 3600 };

export const visitorCheckout = defineRoute({
  method: "post",
  path: "/checkout",
  summary:
    "A visitor subscribes with their phone (Digital Virgo): recurrence 1 or 7, phone, division → { redirectUrl } of the operator's confirmation. 422 operator_phone_exists when the phone has an account, 409 operator_already_client when it has a live subscription. Requires Idempotency-Key",
  tag: "operator",
  auth: "none",
  access: PUBLIC,
  answer: OperatorCheckoutDtoSchema,
  body: OperatorCheckoutSchema,
  idempotency: "required",
  rateLimits: [{ rule: CHECKOUT_IP }],
  response: "{ redirectUrl, orderId }",
  handler: async ({ deps, body, idempotencyKey, c }) => {
    const { result, replayed } = await startCheckout(deps, { ...body, idempotencyKey, requestHash: requestHash("POST", c.req.path, body) });
    if (replayed) c.header("Idempotency-Replayed", "true");
    return { payload: result };
  },
});

export const userCheckout = defineRoute({
  method: "post",
  path: "/digitalvirgo/checkout",
  summary: "A signed-in pupil subscribes their own phone and class (recurrence 1 or 7) → { redirectUrl }. Requires Idempotency-Key",
  tag: "operator",
  auth: "required",
  access: { ...PUPIL_ONLY, ...SPENDS_MONEY },
  answer: OperatorCheckoutDtoSchema,
  body: OperatorUserCheckoutSchema,
  idempotency: "required",
  response: "{ redirectUrl, orderId }",
  handler: async ({ deps, auth, body, idempotencyKey, c }) => {
    const { result, replayed } = await startUserCheckout(deps, auth, {
      recurrence: body.recurrence,
      idempotencyKey,
      requestHash: requestHash("POST", c.req.path, body),
    });
    if (replayed) c.header("Idempotency-Replayed", "true");
    return { payload: result };
  },
});

export const operatorSuccess = defineRoute({
  method: "get",
  path: "/digitalvirgo/success",
  summary:
    "The operator's browser return (its signed query plus checkFromFront): verified with the operator, activates the subscription once (account, Silver affiliation for the period, payment in the ledger); a visitor whose account it created gets a session",
  tag: "operator",
  auth: "none",
  access: PUBLIC,
  answer: OperatorActivationDtoSchema,
  query: OperatorReturnSchema,
  response: "OperatorActivationDto",
  handler: async ({ deps, query }) => ({ payload: await activateFromReturn(deps, query) }),
});

export const operatorFailure = defineRoute({
  method: "post",
  path: "/digitalvirgo/echec",
  summary: "The operator's failure return (the signed query as the body): records the refused or cancelled confirmation",
  tag: "operator",
  auth: "none",
  access: PUBLIC,
  answer: OperatorFailureDtoSchema,
  body: OperatorReturnSchema,
  response: "{ orderId, status }",
  handler: async ({ deps, body }) => ({ payload: await failFromReturn(deps, body) }),
});

export const operatorUnsubscribe = defineRoute({
  method: "post",
  path: "/digitalvirgo/unsubscribe",
  summary: "Ends the renewal of the pupil's operator subscription (access lasts until the paid period ends); 404 operator_not_subscribed without one",
  tag: "operator",
  auth: "required",
  access: { ...PUPIL_ONLY, ...SPENDS_MONEY },
  answer: OperatorUnsubscribeDtoSchema,
  response: "{ status: 'cancelled', cancelled_at, end_date }",
  handler: async ({ deps, auth }) => ({ payload: await unsubscribe(deps, auth) }),
});
