import type { RouteDef } from "../../lib/route";

/** The operator operations (issue 9), in the order the OpenAPI document lists them. */
export const operatorRoutes: RouteDef[] = [];
