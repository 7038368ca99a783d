import * as v from "valibot";
import { idSchema } from "../../../domain/schemas/common";
import { PUBLIC } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { referenceCatalog } from "../../services/reference/catalog";
import { DelegationDtoSchema } from "../../../domain/reference";

export default defineRoute({
  method: "get",
  path: "/deleg/{stateId}/delegation",
  summary: "Delegations of a governorate",
  tag: "reference",
  auth: "none",
  access: PUBLIC,
  answer: v.array(DelegationDtoSchema),
  params: v.object({ stateId: idSchema }),
  handler: async ({ deps, params }) => ({ payload: await referenceCatalog.delegations(deps.db, params.stateId) }),
});
