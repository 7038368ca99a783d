import type { RouteDef } from "../../lib/route";

/** Profile, report cards and class change (issue 12): the operations, in the order the OpenAPI document lists them. */
export const profileRoutes: RouteDef[] = [];
