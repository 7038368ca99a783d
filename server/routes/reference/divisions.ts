import { PUBLIC } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { referenceCatalog } from "../../services/reference/catalog";
import * as v from "valibot";
import { DivisionDtoSchema } from "../../../domain/reference";

export default defineRoute({
  method: "get",
  path: "/divisions",
  summary: "Every class, primary year 4 to the six baccalaureate tracks",
  tag: "reference",
  auth: "none",
  access: PUBLIC,
  answer: v.array(DivisionDtoSchema),
  handler: async ({ deps }) => ({ payload: await referenceCatalog.divisions(deps.db) }),
});
