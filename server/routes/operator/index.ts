import type { RouteDef } from "../../lib/route";
import { levelDivisions, operatorOffers } from "./catalog";
import { operatorFailure, operatorSuccess, operatorUnsubscribe, userCheckout, visitorCheckout } from "./checkout";
import { benefitPaymentsRoute, codeHistory, profitCodes } from "./revenue";

/** The operator operations (issue 9) and the influencer's revenue, in the order the OpenAPI document lists them. */
export const operatorRoutes: RouteDef[] = [
  operatorOffers,
  levelDivisions,
  visitorCheckout,
  userCheckout,
  operatorSuccess,
  operatorFailure,
  operatorUnsubscribe,
  profitCodes,
  codeHistory,
  benefitPaymentsRoute,
];
