import * as v from "valibot";
import { PageQuery } from "../../../domain/schemas/learning";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { listTransfers } from "../../services/transfers/transfers";
import { TransferDtoSchema } from "../../../domain/schemas/transfers";

export default defineRoute({
  method: "get",
  path: "/student/transfer-points-history",
  summary: "Transfers the pupil sent and received, newest first (?page, ?perPage 10/25/100); counterparts by id and name only",
  tag: "transfers",
  auth: "required",
  access: PUPIL_ONLY,
  answer: v.array(TransferDtoSchema),
  query: PageQuery,
  response: "TransferDto[] with meta",
  handler: async ({ deps, auth, query }) => listTransfers(deps, auth, query.page, query.perPage),
});
