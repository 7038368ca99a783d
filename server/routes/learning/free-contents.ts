import * as v from "valibot";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { freeContents } from "../../services/learning/home";
import { ContentCardDtoSchema } from "../../../domain/learning";

export default defineRoute({
  method: "get",
  path: "/student/chapters/free-contents",
  summary: "Free lessons of the pupil's class, newest first (10)",
  tag: "learning",
  auth: "required",
  access: PUPIL_ONLY,
  answer: v.array(ContentCardDtoSchema),
  response: "ContentCardDto[]",
  handler: async ({ deps, auth }) => ({ payload: await freeContents(deps, auth.userId) }),
});
