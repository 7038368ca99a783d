import * as v from "valibot";
import { idSchema } from "../../../domain/schemas/common";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { deleteMarksheet } from "../../services/profile/marksheets";

export default defineRoute({
  method: "delete",
  path: "/student/mark-sheet/{id}",
  summary: "Delete one's own pending report card",
  tag: "profile",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404 },
  answer: v.null(),
  params: v.object({ id: idSchema }),
  handler: async ({ deps, auth, params }) => {
    await deleteMarksheet(deps, auth, params.id);
    return { payload: null, message: "MarkSheet deleted successfully" };
  },
});
