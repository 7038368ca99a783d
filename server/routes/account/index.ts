import type { RouteDef } from "../../lib/route";

/** Parents, history, video reports and assistance (issue 12): the operations, in the order the OpenAPI document lists them. */
export const accountRoutes: RouteDef[] = [];
