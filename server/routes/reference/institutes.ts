import * as v from "valibot";
import { idSchema } from "../../../domain/schemas/common";
import { PUBLIC } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { referenceCatalog } from "../../services/reference/catalog";
import { InstituteDtoSchema } from "../../../domain/reference";

export default defineRoute({
  method: "get",
  path: "/state/{stateId}/institutes",
  summary: "Schools of a governorate",
  tag: "reference",
  auth: "none",
  access: PUBLIC,
  answer: v.array(InstituteDtoSchema),
  params: v.object({ stateId: idSchema }),
  handler: async ({ deps, params }) => ({ payload: await referenceCatalog.institutes(deps.db, params.stateId) }),
});
