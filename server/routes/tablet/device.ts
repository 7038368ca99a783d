import type { Context } from "hono";
import { TABLET_HEADER } from "../../../domain/tablet";
import type { Deps } from "../../lib/deps";
import { requireTablet, type TabletPrincipal } from "../../services/tablet/devices";

/** The class tablet calling (its `X-Tablet-Key` device credential); 401 `tablet_required` without a live one. */
export const tabletOf = (deps: Deps, c: Context): Promise<TabletPrincipal> => requireTablet(deps, c.req.header(TABLET_HEADER));
