import { AVATAR_MAX_BYTES, AvatarDtoSchema } from "../../../domain/profile";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { saveAvatar } from "../../services/profile/profile";

export default defineRoute({
  method: "post",
  path: "/user/avatar",
  summary: "Upload the profile photo (multipart `imageFile`: the cropped JPEG, PNG or WebP, checked by content)",
  tag: "profile",
  auth: "required",
  access: PUPIL_ONLY,
  answer: AvatarDtoSchema,
  passGates: ["incomplete_profile"],
  upload: { maxBytes: AVATAR_MAX_BYTES },
  handler: async ({ deps, auth, c }) => ({
    payload: await saveAvatar(deps, auth, c.req.raw),
    status: 201,
  }),
});
