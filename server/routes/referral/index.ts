import type { RouteDef } from "../../lib/route";
import addGiftItem from "./add-gift-item";
import adminGiftOrder from "./admin-gift-order";
import adminGiftStock from "./admin-gift-stock";
import adminReferralFlags from "./admin-referral-flags";
import adminTokenAdjust from "./admin-token-adjust";
import conversionRate from "./conversion-rate";
import convertGiftPoint from "./convert-gift-point";
import currentGiftRequest from "./current-gift-request";
import deleteGiftItem from "./delete-gift-item";
import generateGiftCode from "./generate-gift-code";
import generatedGifts from "./generated-gifts";
import gift from "./gift";
import giftRequest from "./gift-request";
import giftRequests from "./gift-requests";
import gifts from "./gifts";
import placeGiftOrder from "./place-gift-order";

/**
 * The referral operations (issue 20), in the order the OpenAPI document lists them. The fixed paths under
 * `/student/gift-requests/` (current, conversion-rate-gift-point) come before `/student/gift-requests/{id}`.
 */
export const referralRoutes: RouteDef[] = [
  generateGiftCode,
  generatedGifts,
  conversionRate,
  convertGiftPoint,
  gifts,
  gift,
  addGiftItem,
  deleteGiftItem,
  currentGiftRequest,
  placeGiftOrder,
  giftRequests,
  giftRequest,
  adminGiftOrder,
  adminGiftStock,
  adminTokenAdjust,
  adminReferralFlags,
];
