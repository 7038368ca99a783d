import type { RouteDef } from "../../lib/route";
import balanceMonths from "./balance-months";
import codes from "./codes";
import createCode from "./create-code";
import d17 from "./d17";
import d17Check from "./d17-check";
import notify from "./notify";
import { paymentEchec, paymentSuccess } from "./payment-return";
import redirect from "./redirect";
import statement from "./statement";

/** The wallet operations (issue 9), in the order the OpenAPI document lists them. */
export const walletRoutes: RouteDef[] = [codes, statement, balanceMonths, createCode, redirect, paymentSuccess, paymentEchec, d17, d17Check, notify];
