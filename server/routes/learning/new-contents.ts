import * as v from "valibot";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { newContents } from "../../services/learning/home";
import { ContentCardDtoSchema } from "../../../domain/learning";

export default defineRoute({
  method: "get",
  path: "/student/chapters/new-contents",
  summary: "Lessons of the pupil's class added in the last 30 days, newest first (10)",
  tag: "learning",
  auth: "required",
  access: PUPIL_ONLY,
  answer: v.array(ContentCardDtoSchema),
  response: "ContentCardDto[]",
  handler: async ({ deps, auth }) => ({ payload: await newContents(deps, auth.userId) }),
});
