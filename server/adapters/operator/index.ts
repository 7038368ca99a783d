/**
 * Which carrier-billing adapter runs: `OPERATOR_BILLING=sandbox` (default outside production: the local sandbox pages)
 * or `digitalvirgo` (the provider's API; required settings listed in ./digitalvirgo.ts). Production refuses the sandbox.
 * One adapter per server (per `Deps`); tests may put their own with `setOperatorAdapter`.
 */
import type { Deps } from "../../lib/deps";
import { createDigitalVirgoOperator } from "./digitalvirgo";
import { createSandboxOperator, type SandboxOperator } from "./sandbox";
import type { OperatorAdapter } from "./types";

export type { OperatorAdapter } from "./types";

const adapters = new WeakMap<object, OperatorAdapter>();

function create(deps: Pick<Deps, "db" | "secret" | "now" | "env">, source: Record<string, string | undefined>): OperatorAdapter {
  const mode = source.OPERATOR_BILLING ?? (deps.env.NODE_ENV === "production" ? "" : "sandbox");
  if (mode === "digitalvirgo") {
    const missing = ["DIGITALVIRGO_API_URL", "DIGITALVIRGO_SERVICE_ID", "DIGITALVIRGO_API_KEY", "DIGITALVIRGO_SECRET"].filter((k) => !source[k]);
    const publicUrl = deps.env.PUBLIC_URL;
    if (missing.length || !publicUrl) throw new Error(`OPERATOR_BILLING=digitalvirgo needs ${[...missing, ...(publicUrl ? [] : ["PUBLIC_URL"])].join(", ")}`);
    return createDigitalVirgoOperator({
      apiUrl: source.DIGITALVIRGO_API_URL!,
      serviceId: source.DIGITALVIRGO_SERVICE_ID!,
      apiKey: source.DIGITALVIRGO_API_KEY!,
      secret: source.DIGITALVIRGO_SECRET!,
      publicUrl,
    });
  }
  if (mode === "sandbox") {
    if (deps.env.NODE_ENV === "production") throw new Error("OPERATOR_BILLING=sandbox is refused with NODE_ENV=production");
    return createSandboxOperator(deps.secret, () => Math.floor(deps.now().getTime() / 1000), deps.db);
  }
  throw new Error("OPERATOR_BILLING must be sandbox or digitalvirgo (set it in production)");
}

/** The server's carrier-billing adapter. */
export function operatorAdapter(deps: Pick<Deps, "db" | "secret" | "now" | "env">): OperatorAdapter {
  let adapter = adapters.get(deps);
  if (!adapter) {
    adapter = create(deps, process.env);
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
