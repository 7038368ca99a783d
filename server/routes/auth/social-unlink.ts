import * as v from "valibot";
import { SocialProviderSchema } from "../../../domain/social";
import { SIGNED_IN } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { unlinkSocial } from "../../services/auth/social";

export default defineRoute({
  method: "delete",
  path: "/auth/social/{provider}",
  summary: "Unlink Google or Facebook from the signed-in account, while it keeps another way in (409 social_last_way_in)",
  tag: "auth",
  auth: "required",
  access: SIGNED_IN,
  params: v.object({ provider: SocialProviderSchema }),
  answer: v.null(),
  handler: async ({ deps, params, auth }) => {
    await unlinkSocial(deps, auth.userId, params.provider);
    return { payload: null };
  },
});
