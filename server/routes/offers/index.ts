import type { RouteDef } from "../../lib/route";

/** The offers operations (issue 9), in the order the OpenAPI document lists them. */
export const offersRoutes: RouteDef[] = [];
