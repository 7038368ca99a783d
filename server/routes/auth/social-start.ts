import * as v from "valibot";
import { SocialProviderSchema, SocialStartDtoSchema, SocialStartSchema } from "../../../domain/social";
import { PUBLIC } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { RATE } from "../../lib/rate-rules";
import { startSocial } from "../../services/auth/social";
import { setSocialCookie } from "./social-cookie";

export default defineRoute({
  method: "post",
  path: "/auth/social/{provider}/start",
  summary: "Start signing in with Google or Facebook: sets the round trip's cookie and returns the provider's URL",
  tag: "auth",
  auth: "none",
  access: PUBLIC,
  params: v.object({ provider: SocialProviderSchema }),
  body: SocialStartSchema,
  bodyLimit: 1024,
  rateLimits: [{ rule: RATE.socialIp }],
  answer: SocialStartDtoSchema,
  handler: async ({ deps, params, body, c }) => {
    const { cookie, url } = startSocial(deps, { provider: params.provider, requestUrl: c.req.url, nextPage: body.nextPage, referral: body.referral || undefined });
    setSocialCookie(c, deps.env, cookie);
    return { payload: { url } };
  },
});
