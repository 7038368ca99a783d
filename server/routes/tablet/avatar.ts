import { TabletIdParams } from "../../../domain/tablet";
import { TABLET_DEVICE } from "../../lib/access";
import { defineRoute, FILE_ANSWER } from "../../lib/route";
import { fileResponse } from "../../services/profile/files";
import { tabletPupilAvatar } from "../../services/tablet/pupils";
import { tabletOf } from "./device";

export default defineRoute({
  method: "get",
  path: "/tablet/pupils/{id}/avatar",
  summary: "Class tablet only (X-Tablet-Key): the photo of a pupil of its class, for the grid (404 for another class's pupil or without a photo)",
  tag: "tablet",
  auth: "none",
  access: TABLET_DEVICE,
  params: TabletIdParams,
  answer: FILE_ANSWER,
  response: "the image bytes",
  handler: async ({ deps, params, c }) => {
    const { bytes, key } = await tabletPupilAvatar(deps, await tabletOf(deps, c), params.id);
    return fileResponse(bytes, key.endsWith(".png") ? "image/png" : key.endsWith(".webp") ? "image/webp" : "image/jpeg", "avatar");
  },
});
