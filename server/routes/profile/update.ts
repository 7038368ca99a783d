import { ProfileUpdateSchema, ProfileUpdatedDtoSchema } from "../../../domain/profile";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { updateProfile } from "../../services/profile/profile";

export default defineRoute({
  method: "post",
  path: "/user/update",
  summary:
    "Save the profile (names, birth date, phones, e-mail, class with hasEditDivision, address); a new phone or e-mail answers `credential` and waits for its code",
  tag: "profile",
  auth: "required",
  access: PUPIL_ONLY,
  answer: ProfileUpdatedDtoSchema,
  // SPEC §2: a social profile to complete is completed here.
  passGates: ["incomplete_profile"],
  body: ProfileUpdateSchema,
  handler: async ({ deps, auth, body }) => {
    const result = await updateProfile(deps, auth, body);
    return {
      payload: result,
      message: result.credential ? "code_sent" : "profile_updated",
    };
  },
});
