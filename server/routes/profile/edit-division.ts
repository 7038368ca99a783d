import { ClassChangeSchema, DivisionChangeRequestedDtoSchema } from "../../../domain/profile";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { requestDivisionChange } from "../../services/profile/divisions";

export default defineRoute({
  method: "post",
  path: "/edit-division",
  summary: "Request a class change (newDivision, reason, reason2 for reason 4 'Autre'); with hasEditDivision the class changes at once",
  tag: "profile",
  auth: "required",
  access: PUPIL_ONLY,
  answer: DivisionChangeRequestedDtoSchema,
  body: ClassChangeSchema,
  handler: async ({ deps, auth, body }) => {
    const result = await requestDivisionChange(deps, auth, body);
    return { payload: result, status: 201 };
  },
});
