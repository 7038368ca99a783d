import type { RouteDef } from "../../lib/route";

/** Exams (issue 10): the operations, in the order the OpenAPI document lists them. */
export const examsRoutes: RouteDef[] = [];
