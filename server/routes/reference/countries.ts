import { PUBLIC } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { referenceCatalog } from "../../services/reference/catalog";

export default defineRoute({
  method: "get",
  path: "/countries",
  summary: "Countries (Tunisia is id 1)",
  tag: "reference",
  auth: "none",
  access: PUBLIC,
  handler: async ({ deps }) => ({ payload: await referenceCatalog.countries(deps.db) }),
});
