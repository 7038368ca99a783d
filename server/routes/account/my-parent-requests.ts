import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { listChildParentRequests } from "../../services/account/parents";
import { ParentRequestDtoSchema } from "../../../domain/account";
import * as v from "valibot";

export default defineRoute({
  method: "get",
  path: "/student/parent-requests",
  summary: "The pupil's /liste-des-demandes-parentales: the parent requests about this pupil, pending first",
  tag: "parents",
  auth: "required",
  access: PUPIL_ONLY,
  response: "ParentRequestDto[]",
  answer: v.array(ParentRequestDtoSchema),
  handler: async ({ deps, auth }) => ({ payload: await listChildParentRequests(deps, auth.userId) }),
});
