import { PUBLIC } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { referenceCatalog } from "../../services/reference/catalog";
import * as v from "valibot";
import { EditDivisionReasonDtoSchema } from "../../../domain/reference";

export default defineRoute({
  method: "get",
  path: "/edit-division-reasons",
  summary: "Reasons for a class-change request (id 4 is the free-text 'other')",
  tag: "reference",
  auth: "none",
  access: PUBLIC,
  answer: v.array(EditDivisionReasonDtoSchema),
  handler: async ({ deps }) => ({ payload: await referenceCatalog.editDivisionReasons(deps.db) }),
});
