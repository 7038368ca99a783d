/**
 * Which carrier-billing adapter runs: `OPERATOR_BILLING=sandbox` (default outside production: the local sandbox pages)
 * or `digitalvirgo` (the provider's API; its settings are checked at boot by server/env.ts). Production refuses the sandbox.
 * One adapter per server (per `Deps`); tests may put their own with `setOperatorAdapter`.
 */
import type { Deps } from "../../lib/deps";
import { publicOrigin } from "../../lib/public-url";
import { createDigitalVirgoOperator } from "./digitalvirgo";
import { createSandboxOperator, type SandboxOperator } from "./sandbox";
import type { OperatorAdapter } from "./types";

export type { OperatorAdapter } from "./types";

const adapters = new WeakMap<object, OperatorAdapter>();

function create(deps: Pick<Deps, "db" | "secret" | "now" | "env">): OperatorAdapter {
  // The settings were checked at boot (server/env.ts): digitalvirgo has all of its own and PUBLIC_URL; production never the sandbox.
  const env = deps.env;
  if (env.OPERATOR_BILLING === "digitalvirgo") {
    return createDigitalVirgoOperator({
      apiUrl: env.DIGITALVIRGO_API_URL!,
      serviceId: env.DIGITALVIRGO_SERVICE_ID!,
      apiKey: env.DIGITALVIRGO_API_KEY!,
      secret: env.DIGITALVIRGO_SECRET!,
      publicUrl: publicOrigin(env),
    });
  }
  if (env.NODE_ENV === "production") throw new Error("OPERATOR_BILLING=sandbox is refused with NODE_ENV=production");
  return createSandboxOperator(deps.secret, () => Math.floor(deps.now().getTime() / 1000), deps.db);
}

/** The server's carrier-billing adapter. */
export function operatorAdapter(deps: Pick<Deps, "db" | "secret" | "now" | "env">): OperatorAdapter {
  let adapter = adapters.get(deps);
  if (!adapter) {
    adapter = create(deps);
    adapters.set(deps, adapter);
  }
  return adapter;
}

/** The sandbox, when it is the server's adapter (its pages exist only then). */
export function sandboxOperator(deps: Pick<Deps, "db" | "secret" | "now" | "env">): SandboxOperator | null {
  const adapter = operatorAdapter(deps);
  return adapter.name === "sandbox" ? (adapter as SandboxOperator) : null;
}

/** Tests: replace the adapter of this server. */
export function setOperatorAdapter(deps: object, adapter: OperatorAdapter): void {
  adapters.set(deps, adapter);
}
