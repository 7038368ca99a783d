import type { RouteDef } from "../../lib/route";
import adminMove from "./admin-move";
import attendanceBeat from "./attendance-beat";
import attendanceHistory from "./attendance-history";
import dontWantToRate from "./dont-want-to-rate";
import getJoinLink from "./get-join-link";
import joinUser from "./join-user";
import listEvents from "./list-events";
import rateables from "./rateables";
import review from "./review";

/** Live sessions, reviews and attendance (issue 10): the operations, in the order the OpenAPI document lists them. */
export const eventsRoutes: RouteDef[] = [listEvents, joinUser, getJoinLink, attendanceBeat, rateables, review, dontWantToRate, attendanceHistory, adminMove];
