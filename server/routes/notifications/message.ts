import { NotificationIdParams } from "../../../domain/schemas/notifications";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { openMessage } from "../../services/notifications/inbox";
import { MessageDtoSchema } from "../../../domain/notifications";

export default defineRoute({
  method: "get",
  path: "/messages/{id}",
  base: "/svc/notify",
  summary: "One message of the pupil (by user and message id), marked seen; another user's is 404",
  tag: "notify",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404 },
  answer: MessageDtoSchema,
  params: NotificationIdParams,
  response: "MessageDto",
  handler: async ({ deps, auth, params }) => ({ payload: await openMessage(deps, auth, params.id) }),
});
