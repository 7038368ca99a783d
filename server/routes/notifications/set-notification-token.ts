import { PushTokenSchema } from "../../../domain/schemas/notifications";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { setPushToken } from "../../services/notifications/inbox";
import { PushTokenSetDtoSchema } from "../../../domain/notifications";

export default defineRoute({
  method: "post",
  path: "/user/set-notification-token",
  summary: "Registers this device's push token (FCM) for this session with the device's language (fr, en, ar: its pushes are written in it; registering again updates it); the same token from another account moves to it",
  tag: "notifications",
  auth: "required",
  access: PUPIL_ONLY,
  answer: PushTokenSetDtoSchema,
  body: PushTokenSchema,
  response: "{ registered: true }",
  handler: async ({ deps, auth, body }) => ({ payload: await setPushToken(deps, auth, body) }),
});
