import { PopupHideQuery } from "../../../domain/schemas/notifications";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { hidePopup } from "../../services/notifications/inbox";
import { PopupHiddenDtoSchema } from "../../../domain/notifications";

export default defineRoute({
  method: "get",
  path: "/popup/hide",
  base: "/svc/notify",
  summary: "Do not show again (?popup_id&user_id): user_id must be the caller (403), a pop-up not for the pupil is 404",
  tag: "notify",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404 },
  answer: PopupHiddenDtoSchema,
  query: PopupHideQuery,
  response: "{ hidden: true }",
  handler: async ({ deps, auth, query }) => ({ payload: await hidePopup(deps, auth, query.popup_id, query.user_id) }),
});
