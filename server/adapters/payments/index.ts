/** The payment gateways of a server, chosen by environment (PAYMENT_GATEWAY; see types.ts). One set per Deps. */
import type { Deps } from "../../lib/deps";
import { clicToPayGateway } from "./clictopay";
import { sandboxCardGateway, sandboxD17Gateway } from "./sandbox";
import type { PaymentGateways } from "./types";

const cache = new WeakMap<object, PaymentGateways>();

export function paymentGateways(deps: Pick<Deps, "db" | "env" | "secret" | "now">): PaymentGateways {
  let gateways = cache.get(deps);
  if (!gateways) {
    const env = deps.env;
    gateways = {
      card:
        env.PAYMENT_GATEWAY === "clictopay"
          ? clicToPayGateway({ url: env.CLICTOPAY_URL, user: env.CLICTOPAY_USER ?? "", password: env.CLICTOPAY_PASSWORD ?? "" })
          : sandboxCardGateway(deps),
      // D17 (La Poste Tunisienne) has no public merchant API to build against: the sandbox stands in for it.
      d17: sandboxD17Gateway(deps),
    };
    cache.set(deps, gateways);
  }
  return gateways;
}

export type { PaymentGateways } from "./types";
