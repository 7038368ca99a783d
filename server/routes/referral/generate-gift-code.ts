import { GiftCodeDtoSchema } from "../../../domain/referral";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { generateGiftCode } from "../../services/referral/gift-code";

export default defineRoute({
  method: "get",
  path: "/student/generate-gift-code",
  summary:
    "The pupil's gift code (`CP-…`), made on the first call and the same on every later one (concurrent calls make one); 403 gift_code_unauthorized for a pupil who is not eligible (domain/referral.ts)",
  tag: "referral",
  auth: "required",
  // Pupil A (Gold for the whole year) is eligible; a pupil just registered, without any offer, is not.
  access: { ...PUPIL_ONLY, unverified: 403 },
  answer: GiftCodeDtoSchema,
  response: "{ gift_code }",
  handler: async ({ deps, auth }) => ({ payload: await generateGiftCode(deps, auth.userId) }),
});
