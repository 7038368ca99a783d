import * as v from "valibot";
import { MessagesQuery } from "../../../domain/schemas/notifications";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { listMessages } from "../../services/notifications/inbox";
import { MessageDtoSchema } from "../../../domain/notifications";

export default defineRoute({
  method: "get",
  path: "/messages",
  base: "/svc/notify",
  summary: "getMessages: the pupil's messages, newest first, 24 a page (?search=seen:false for unread); meta adds unread",
  tag: "notify",
  auth: "required",
  access: PUPIL_ONLY,
  answer: v.array(MessageDtoSchema),
  query: MessagesQuery,
  response: "MessageDto[] with meta",
  handler: async ({ deps, auth, query }) => await listMessages(deps, auth, query),
});
