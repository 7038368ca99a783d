import type { RouteDef } from "../../lib/route";

/** The wallet operations (issue 9), in the order the OpenAPI document lists them. */
export const walletRoutes: RouteDef[] = [];
