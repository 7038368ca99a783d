import { PUBLIC } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { referenceCatalog } from "../../services/reference/catalog";

export default defineRoute({
  method: "get",
  path: "/edit-division-reasons",
  summary: "Reasons for a class-change request (id 4 is the free-text 'other')",
  tag: "reference",
  auth: "none",
  access: PUBLIC,
  handler: async ({ deps }) => ({ payload: await referenceCatalog.editDivisionReasons(deps.db) }),
});
