import { SocialProvidersDtoSchema } from "../../../domain/social";
import { PUBLIC } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { configuredProviders } from "../../services/auth/social";

export default defineRoute({
  method: "get",
  path: "/auth/social/providers",
  summary: "The social sign-in providers this server offers (the buttons shown on /login and /register)",
  tag: "auth",
  auth: "none",
  access: PUBLIC,
  answer: SocialProvidersDtoSchema,
  handler: async ({ deps }) => ({ payload: { providers: configuredProviders(deps) } }),
});
