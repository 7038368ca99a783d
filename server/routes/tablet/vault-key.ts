import * as v from "valibot";
import { TABLET_DEVICE } from "../../lib/access";
import { authenticate } from "../../lib/auth";
import { defineRoute } from "../../lib/route";
import { vaultKeyAgain } from "../../services/tablet/pupils";
import { tabletOf } from "./device";

export default defineRoute({
  method: "post",
  path: "/tablet/vault-key",
  summary:
    "Class tablet only (X-Tablet-Key) with the signed-in pupil's bearer token: their vault key again after a reload (404 for a session not opened on this tablet)",
  tag: "tablet",
  // The device first (every role without its credential: 401 tablet_required), then the pupil's own session.
  auth: "none",
  access: TABLET_DEVICE,
  answer: v.strictObject({ vault_key: v.string() }),
  handler: async ({ deps, c }) => {
    const tablet = await tabletOf(deps, c);
    return { payload: await vaultKeyAgain(deps, tablet, await authenticate(deps, c.req.header("authorization"))) };
  },
});
