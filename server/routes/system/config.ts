import { PUBLIC } from "../../lib/access";
import { defineRoute } from "../../lib/route";

export default defineRoute({
  method: "get",
  path: "/config",
  summary: "Public runtime configuration of the client (external links, bot check mode)",
  tag: "system",
  auth: "none",
  access: PUBLIC,
  handler: async ({ deps }) => ({
    payload: {
      botCheck: deps.botCheck.mode,
      teacherAppUrl: deps.env.TEACHER_APP_URL,
      registrationUrl: deps.env.REGISTRATION_URL,
      forumUrl: deps.env.FORUM_URL,
      termsUrl: deps.env.TERMS_URL,
    },
  }),
});
