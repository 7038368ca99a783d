import type { RouteDef } from "../../lib/route";

/** Notifications, messages, pop-ups and push (issue 11): the operations, in the order the OpenAPI document lists them. */
export const notificationsRoutes: RouteDef[] = [];
