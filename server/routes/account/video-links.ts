import { SIGNED_IN } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { listHelpVideos } from "../../services/account/help-videos";
import { HelpVideoDtoSchema } from "../../../domain/account";
import * as v from "valibot";

export default defineRoute({
  method: "get",
  path: "/video-links",
  summary: "The help videos of /assistance in topic order, each text in fr/en/ar, local clips signed for this session",
  tag: "assistance",
  auth: "required",
  // Every signed-in account may watch the help (a parent too); teachers work in their own app.
  access: { ...SIGNED_IN, teacher: 403 },
  response: "HelpVideoDto[]",
  answer: v.array(HelpVideoDtoSchema),
  handler: async ({ deps, auth }) => ({ payload: await listHelpVideos(deps, { userId: auth.userId, sessionId: auth.sessionId }) }),
});
