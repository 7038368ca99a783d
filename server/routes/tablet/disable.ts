import { TabletCodeBody, TabletRevokedDtoSchema } from "../../../domain/tablet";
import { TABLET_DEVICE } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { RATE } from "../../lib/rate-rules";
import { disableTablet } from "../../services/tablet/devices";
import { tabletOf } from "./device";

export default defineRoute({
  method: "post",
  path: "/tablet/disable",
  summary: "Class tablet only (X-Tablet-Key): turn it off with a fresh one-time code of its class; the credential stops working",
  tag: "tablet",
  auth: "none",
  access: TABLET_DEVICE,
  body: TabletCodeBody,
  bodyLimit: 1024,
  rateLimits: [{ rule: RATE.codeCheckIp }],
  answer: TabletRevokedDtoSchema,
  handler: async ({ deps, body, c }) => ({ payload: await disableTablet(deps, await tabletOf(deps, c), body.code) }),
});
