import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute, FILE_ANSWER } from "../../lib/route";
import { readAvatar } from "../../services/profile/profile";
import { fileResponse } from "../../services/profile/files";

export default defineRoute({
  method: "get",
  path: "/user/avatar",
  summary: "The signed-in user's own profile photo (404 without one); the `avatar` of /auth/me points here",
  tag: "profile",
  auth: "required",
  access: PUPIL_ONLY,
  passGates: ["incomplete_profile"],
  answer: FILE_ANSWER,
  response: "the image bytes",
  handler: async ({ deps, auth }) => {
    const { bytes, key } = await readAvatar(deps, auth);
    return fileResponse(bytes, key.endsWith(".png") ? "image/png" : key.endsWith(".webp") ? "image/webp" : "image/jpeg", "avatar");
  },
});
