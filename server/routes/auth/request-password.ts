import { CredentialSchema } from "../../../domain/schemas/auth";
import { PUBLIC } from "../../lib/access";
import { defineRoute, type RouteDef } from "../../lib/route";
import { RATE } from "../../lib/rate-rules";
import { requestPasswordReset } from "../../services/auth/password";
import { loginRateKey } from "../../services/auth/users";
import { ResetCodeSentDtoSchema } from "../../../domain/user";

const make = (method: "get" | "post"): RouteDef =>
  defineRoute({
    method,
    path: "/auth/request-password",
    summary: "Send a password-reset code to the account of ?credentiel= (phone or e-mail)",
    tag: "auth",
    auth: "none",
    access: PUBLIC,
    query: CredentialSchema,
    rateLimits: [
      { rule: RATE.codeSendIp },
      { rule: RATE.codeSendUser, subject: ({ deps, query }) => loginRateKey(deps.db, query.credentiel) },
    ],
    answer: ResetCodeSentDtoSchema,
    handler: async ({ deps, query }) => ({ payload: await requestPasswordReset(deps, query.credentiel) }),
  });

export const requestPasswordGet = make("get");
export default make("post");
