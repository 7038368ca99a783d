import type { RouteDef } from "../../lib/route";
import confirmTransferPoints from "./confirm-transfer-points";
import resendTransferCode from "./resend-transfer-code";
import transferPoints from "./transfer-points";
import transferPointsHistory from "./transfer-points-history";

/** The transfers operations (issue 9), in the order the OpenAPI document lists them. */
export const transfersRoutes: RouteDef[] = [transferPoints, confirmTransferPoints, resendTransferCode, transferPointsHistory];
