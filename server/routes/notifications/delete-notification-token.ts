import * as v from "valibot";
import { PushTokenSchema } from "../../../domain/schemas/notifications";
import { SIGNED_IN } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { deletePushToken } from "../../services/notifications/inbox";
import { PushTokenDeletedDtoSchema } from "../../../domain/notifications";

export default defineRoute({
  method: "post",
  path: "/user/delete-notification-token",
  summary: "Forgets this device's push token (logout, notifications turned off); without a token, every token of this session",
  tag: "notifications",
  auth: "required",
  access: SIGNED_IN,
  answer: PushTokenDeletedDtoSchema,
  passGates: ["unverified", "password_change", "incomplete_profile"],
  body: v.object({ token: v.optional(PushTokenSchema.entries.token) }),
  response: "{ deleted }",
  handler: async ({ deps, auth, body }) => ({ payload: await deletePushToken(deps, auth, body.token) }),
});
