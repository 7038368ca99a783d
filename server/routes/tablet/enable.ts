import { TabletCodeBody, TabletEnabledDtoSchema } from "../../../domain/tablet";
import { PUBLIC } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { RATE } from "../../lib/rate-rules";
import { enableTablet } from "../../services/tablet/devices";

export default defineRoute({
  method: "post",
  path: "/tablet/enable",
  summary: "Turn this device into a class tablet with a one-time code (15 minutes, used once); answers the device credential once",
  tag: "tablet",
  auth: "none",
  access: PUBLIC,
  body: TabletCodeBody,
  bodyLimit: 1024,
  rateLimits: [{ rule: RATE.codeCheckIp }],
  answer: TabletEnabledDtoSchema,
  handler: async ({ deps, body }) => ({ payload: await enableTablet(deps, body.code), status: 201 }),
});
