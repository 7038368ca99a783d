import { ImpersonationExchangeSchema } from "../../../domain/schemas/auth";
import { PUBLIC } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { RATE } from "../../lib/rate-rules";
import { exchangeImpersonation } from "../../services/auth/impersonation";
import { ImpersonationSessionDtoSchema } from "../../../domain/user";

export default defineRoute({
  method: "post",
  path: "/auth/switch",
  summary: "Exchange an operator's one-time impersonation link (60 s) for a session",
  tag: "auth",
  auth: "none",
  access: PUBLIC,
  body: ImpersonationExchangeSchema,
  rateLimits: [{ rule: RATE.switchIp }],
  answer: ImpersonationSessionDtoSchema,
  handler: async ({ deps, body }) => ({ payload: await exchangeImpersonation(deps, body) }),
});
