import type { RouteDef } from "../../lib/route";
import buy from "./buy";
import discountCodeAdd from "./discount-code-add";
import discountCodeDelete from "./discount-code-delete";
import discountCodeGet from "./discount-code-get";
import offers from "./offers";

/** The offers operations (issue 9), in the order the OpenAPI document lists them. */
export const offersRoutes: RouteDef[] = [offers, buy, discountCodeAdd, discountCodeGet, discountCodeDelete];
