import { PUBLIC } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { BotChallengeDtoSchema } from "../../../domain/user";

export default defineRoute({
  method: "get",
  path: "/auth/challenge",
  summary: "A proof-of-work challenge (ALTCHA) for the invisible bot check; null when BOT_CHECK=off",
  tag: "auth",
  auth: "none",
  access: PUBLIC,
  answer: BotChallengeDtoSchema,
  handler: async ({ deps, c }) => {
    c.header("Cache-Control", "no-store");
    return { payload: await deps.botCheck.challenge() };
  },
});
