import { TabletDtoSchema } from "../../../domain/tablet";
import { TABLET_DEVICE } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { tabletDto } from "../../services/tablet/devices";
import { tabletOf } from "./device";

export default defineRoute({
  method: "get",
  path: "/tablet",
  summary: "Class tablet only (X-Tablet-Key): the tablet, its class and idle lock (401 tablet_required once revoked)",
  tag: "tablet",
  auth: "none",
  access: TABLET_DEVICE,
  answer: TabletDtoSchema,
  handler: async ({ deps, c }) => ({ payload: tabletDto(await tabletOf(deps, c)) }),
});
