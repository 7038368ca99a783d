import { PUBLIC } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { referenceCatalog } from "../../services/reference/catalog";

export default defineRoute({
  method: "get",
  path: "/divisions",
  summary: "Every class, primary year 4 to the six baccalaureate tracks",
  tag: "reference",
  auth: "none",
  access: PUBLIC,
  handler: async ({ deps }) => ({ payload: await referenceCatalog.divisions(deps.db) }),
});
