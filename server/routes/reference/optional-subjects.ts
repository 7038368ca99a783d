import * as v from "valibot";
import { idSchema } from "../../../domain/schemas/common";
import { PUBLIC } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { referenceCatalog } from "../../services/reference/catalog";
import { OptionalSubjectDtoSchema } from "../../../domain/reference";

export default defineRoute({
  method: "get",
  path: "/optional-subjects/{id}",
  summary: "Optional subjects of a class",
  tag: "reference",
  auth: "none",
  access: PUBLIC,
  answer: v.array(OptionalSubjectDtoSchema),
  params: v.object({ id: idSchema }),
  handler: async ({ deps, params }) => ({ payload: await referenceCatalog.optionalSubjects(deps.db, params.id) }),
});
