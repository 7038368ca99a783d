import type { RouteDef } from "../../lib/route";

/** The transfers operations (issue 9), in the order the OpenAPI document lists them. */
export const transfersRoutes: RouteDef[] = [];
