import * as v from "valibot";
import { idSchema } from "../../../domain/schemas/common";
import { defineRoute } from "../../lib/route";
import { referenceCatalog } from "../../services/reference/catalog";

export default defineRoute({
  method: "get",
  path: "/countries/{id}/states",
  summary: "Governorates of a country",
  tag: "reference",
  auth: "none",
  params: v.object({ id: idSchema }),
  handler: async ({ deps, params }) => ({ payload: await referenceCatalog.states(deps.db, params.id) }),
});
