import { AnswerParentRequestSchema, ReportIdParams, ParentRequestDtoSchema } from "../../../domain/account";
import { SIGNED_IN } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { answerParentRequest } from "../../services/account/parents";

export default defineRoute({
  method: "put",
  path: "/request-parent-user-children/{id}",
  summary: "Parent only: approve (true) or refuse (false) a request addressed to this parent, once (409 parent_request_answered after)",
  tag: "parents",
  auth: "required",
  access: { ...SIGNED_IN, pupil: 403, otherPupil: 403, unverified: 403, teacher: 403, admin: 403 },
  params: ReportIdParams,
  body: AnswerParentRequestSchema,
  response: "ParentRequestDto",
  answer: ParentRequestDtoSchema,
  handler: async ({ deps, auth, params, body }) => ({ payload: await answerParentRequest(deps, auth.userId, params.id, body.approved) }),
});
