import * as v from "valibot";
import { OPERATOR_KEY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { expirePassword } from "../../services/auth/password";
import { requireAdminKey } from "./admin-key";
import { ExpiredPasswordDtoSchema } from "../../../domain/admin";

export default defineRoute({
  method: "post",
  path: "/admin/expire-password",
  summary: "Operator only (X-Admin-Key): expire an account's password; its sessions end and its next login must reset",
  tag: "admin",
  auth: "none",
  access: OPERATOR_KEY,
  body: v.object({ login: v.pipe(v.string(), v.trim(), v.nonEmpty()) }),
  answer: ExpiredPasswordDtoSchema,
  handler: async ({ deps, body, c }) => {
    requireAdminKey(c, deps.secret);
    return { payload: await expirePassword(deps, body.login) };
  },
});
