import { PUBLIC } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { referenceCatalog } from "../../services/reference/catalog";
import * as v from "valibot";
import { CountryDtoSchema } from "../../../domain/reference";

export default defineRoute({
  method: "get",
  path: "/countries",
  summary: "Countries (Tunisia is id 1)",
  tag: "reference",
  auth: "none",
  access: PUBLIC,
  answer: v.array(CountryDtoSchema),
  handler: async ({ deps }) => ({ payload: await referenceCatalog.countries(deps.db) }),
});
