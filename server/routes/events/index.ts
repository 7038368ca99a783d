import type { RouteDef } from "../../lib/route";

/** Live sessions, reviews and attendance (issue 10): the operations, in the order the OpenAPI document lists them. */
export const eventsRoutes: RouteDef[] = [];
