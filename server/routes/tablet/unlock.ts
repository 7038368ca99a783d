import { TabletCodeBody, TabletUnlockDtoSchema } from "../../../domain/tablet";
import { TABLET_DEVICE } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { RATE } from "../../lib/rate-rules";
import { unlockExternalLink } from "../../services/tablet/devices";
import { tabletOf } from "./device";

export default defineRoute({
  method: "post",
  path: "/tablet/unlock",
  summary:
    "Class tablet only (X-Tablet-Key): a teacher's fresh one-time code of the tablet's class (used up) lets the tablet open one external link (kiosk)",
  tag: "tablet",
  auth: "none",
  access: TABLET_DEVICE,
  body: TabletCodeBody,
  bodyLimit: 1024,
  rateLimits: [{ rule: RATE.codeCheckIp }],
  answer: TabletUnlockDtoSchema,
  handler: async ({ deps, body, c }) => ({ payload: await unlockExternalLink(deps, await tabletOf(deps, c), body.code) }),
});
