import * as v from "valibot";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { listSubjects } from "../../services/learning/catalog";
import { SubjectDtoSchema } from "../../../domain/learning";

export default defineRoute({
  method: "get",
  path: "/student/subjects",
  summary: "Subjects of the pupil's class by position, with progress (capped at 100) and video count",
  tag: "learning",
  auth: "required",
  access: PUPIL_ONLY,
  answer: v.array(SubjectDtoSchema),
  response: "SubjectDto[]",
  handler: async ({ deps, auth }) => ({ payload: await listSubjects(deps, auth.userId) }),
});
