import * as v from "valibot";
import { SocialProviderSchema, SocialStartDtoSchema } from "../../../domain/social";
import { SIGNED_IN } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { RATE } from "../../lib/rate-rules";
import { startSocial } from "../../services/auth/social";
import { setSocialCookie } from "./social-cookie";

export default defineRoute({
  method: "post",
  path: "/auth/social/{provider}/link",
  summary: "Start linking Google or Facebook to the signed-in account (from /mon-profil): returns the provider's URL",
  tag: "auth",
  auth: "required",
  access: SIGNED_IN,
  params: v.object({ provider: SocialProviderSchema }),
  bodyLimit: 256,
  rateLimits: [{ rule: RATE.socialIp }],
  answer: SocialStartDtoSchema,
  handler: async ({ deps, params, auth, c }) => {
    const { cookie, url } = startSocial(deps, { provider: params.provider, requestUrl: c.req.url, linkUserId: auth.userId });
    setSocialCookie(c, deps.env, cookie);
    return { payload: { url } };
  },
});
