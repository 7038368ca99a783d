import * as v from "valibot";
import { SocialCallbackDtoSchema, SocialCallbackQuerySchema, SocialProviderSchema } from "../../../domain/social";
import { requestOrigin } from "../../lib/auth";
import { defineRoute } from "../../lib/route";
import { RATE } from "../../lib/rate-rules";
import { finishSocial } from "../../services/auth/social";
import { clearSocialCookie, readSocialCookie } from "./social-cookie";

export default defineRoute({
  method: "get",
  path: "/auth/social/{provider}/callback",
  summary: "The provider's return (code and state, checked against this browser's cookie): signs in, creates or links",
  tag: "auth",
  auth: "optional",
  // Without the round trip's cookie (which no role of the matrix has), every caller is refused.
  access: { anonymous: 401, pupil: 401, otherPupil: 401, parent: 401, teacher: 401, unverified: 401, admin: 401 },
  passGates: ["unverified", "password_change", "incomplete_profile"],
  params: v.object({ provider: SocialProviderSchema }),
  query: SocialCallbackQuerySchema,
  rateLimits: [{ rule: RATE.socialIp }],
  answer: SocialCallbackDtoSchema,
  handler: async ({ deps, params, query, auth, ip, c }) => {
    const cookie = readSocialCookie(c);
    clearSocialCookie(c);
    const payload = await finishSocial(deps, {
      provider: params.provider,
      cookie,
      code: query.code,
      state: query.state,
      error: query.error,
      requestUrl: c.req.url,
      signedInUserId: auth?.userId ?? null,
      origin: requestOrigin(ip, c.req.header("x-device-id")),
    });
    return { payload };
  },
});
