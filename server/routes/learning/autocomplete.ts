import * as v from "valibot";
import { AutocompleteSchema } from "../../../domain/schemas/learning";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { autocomplete } from "../../services/learning/search";
import { AutocompleteItemDtoSchema } from "../../../domain/learning";

export default defineRoute({
  method: "post",
  path: "/search/autocomplete",
  summary: "Subjects, chapters and lessons of the pupil's class matching a term (3+ characters; case and accents ignored), 10 at most",
  tag: "learning",
  auth: "required",
  access: PUPIL_ONLY,
  answer: v.array(AutocompleteItemDtoSchema),
  body: AutocompleteSchema,
  response: "AutocompleteItemDto[]",
  handler: async ({ deps, auth, body }) => ({ payload: await autocomplete(deps, auth.userId, body.term) }),
});
