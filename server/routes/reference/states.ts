import * as v from "valibot";
import { idSchema } from "../../../domain/schemas/common";
import { PUBLIC } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { referenceCatalog } from "../../services/reference/catalog";
import { StateDtoSchema } from "../../../domain/reference";

export default defineRoute({
  method: "get",
  path: "/countries/{id}/states",
  summary: "Governorates of a country",
  tag: "reference",
  auth: "none",
  access: PUBLIC,
  answer: v.array(StateDtoSchema),
  params: v.object({ id: idSchema }),
  handler: async ({ deps, params }) => ({ payload: await referenceCatalog.states(deps.db, params.id) }),
});
