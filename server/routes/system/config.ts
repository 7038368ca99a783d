import { PUBLIC } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { offeredMethods } from "../../services/wallet/topups";
import { PublicConfigSchema } from "../../../domain/config";

export default defineRoute({
  method: "get",
  path: "/config",
  summary: "Public runtime configuration of the client (external links, bot check mode)",
  tag: "system",
  auth: "none",
  access: PUBLIC,
  answer: PublicConfigSchema,
  handler: async ({ deps }) => ({
    payload: {
      botCheck: deps.botCheck.mode,
      teacherAppUrl: deps.env.TEACHER_APP_URL,
      registrationUrl: deps.env.REGISTRATION_URL,
      forumUrl: deps.env.FORUM_URL,
      termsUrl: deps.env.TERMS_URL,
      // The top-up methods this deployment offers (D17 only where a D17 gateway runs).
      paymentMethods: offeredMethods(deps.env),
    },
  }),
});
