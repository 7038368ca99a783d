/** `GET /config`: the client's runtime configuration (links that change per deployment, the bot check, top-up methods). */
import * as v from "valibot";
import { TOPUP_METHODS } from "./schemas/wallet";

export const PublicConfigSchema = v.strictObject({
  botCheck: v.picklist(["altcha", "off"]),
  teacherAppUrl: v.string(),
  registrationUrl: v.string(),
  forumUrl: v.string(),
  termsUrl: v.string(),
  /** The top-up methods this deployment offers. */
  paymentMethods: v.array(v.picklist(TOPUP_METHODS)),
});
export type PublicConfig = v.InferOutput<typeof PublicConfigSchema>;
