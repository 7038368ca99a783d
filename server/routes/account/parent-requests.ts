import { SIGNED_IN } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { listParentRequests } from "../../services/account/parents";
import { ParentRequestDtoSchema } from "../../../domain/account";
import * as v from "valibot";

export default defineRoute({
  method: "get",
  path: "/request-parent-user-children",
  summary: "Parent only: the requests addressed to this parent (pending first; approved ones are the parent's children)",
  tag: "parents",
  auth: "required",
  // Pupils (and an operator acting as one) are not parents: 403.
  access: { ...SIGNED_IN, pupil: 403, otherPupil: 403, unverified: 403, teacher: 403, admin: 403 },
  response: "ParentRequestDto[]",
  answer: v.array(ParentRequestDtoSchema),
  handler: async ({ deps, auth }) => ({ payload: await listParentRequests(deps, auth.userId) }),
});
