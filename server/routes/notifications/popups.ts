import * as v from "valibot";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { listPopups } from "../../services/notifications/inbox";
import { PopupDtoSchema } from "../../../domain/notifications";

export default defineRoute({
  method: "get",
  path: "/popups",
  base: "/svc/notify",
  summary: "getPopups: the active pop-ups for the pupil (everyone's and the class's) not hidden with Do not show again",
  tag: "notify",
  auth: "required",
  access: PUPIL_ONLY,
  answer: v.array(PopupDtoSchema),
  response: "PopupDto[]",
  handler: async ({ deps, auth }) => ({ payload: await listPopups(deps, auth) }),
});
