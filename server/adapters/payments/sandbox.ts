/**
 * The local payment sandbox: a card gateway and a D17 wallet that behave like the real services from the app's side
 * (register an order, send the payer to the provider's own page, a signed server-to-server notification, the browser
 * sent back to the return or failure URL, status asked server-side). Its own record of the orders lives in
 * `payment_sandbox_orders` (the provider's database, as it were); the app's top-ups never read it but through
 * `status()`. Its pages are in `sandbox-pages.ts`.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { paymentSandboxOrders } from "../../db/schema";
import { signFields } from "./signing";
import type { CardGateway, D17Gateway, GatewayOrder, GatewayStatus } from "./types";

export const SANDBOX_MERCHANT = "DARSI";
/** Where the sandbox posts its notifications: the merchant's notify URL, as set in its back-office. */
export const SANDBOX_NOTIFY_PATH = "/api/payment/notify";
const SANDBOX_CARD_PATH = "/sandbox/gateway/pay";
const sandboxD17Path = (orderId: string) => `/sandbox/d17/${orderId}`;

interface SandboxDeps {
  db: Db;
  secret: string;
  now: () => Date;
}

/** Records the order with the sandbox (once; a second registration of the same order must carry the same amount). */
async function registerOrder(deps: SandboxDeps, provider: "card" | "d17", order: GatewayOrder): Promise<void> {
  await deps.db
    .insert(paymentSandboxOrders)
    .values({ orderId: order.orderId, provider, amount: order.amount, createdAt: deps.now() })
    .onConflictDoNothing();
  const [row] = await deps.db.select().from(paymentSandboxOrders).where(eq(paymentSandboxOrders.orderId, order.orderId)).limit(1);
  if (!row || row.provider !== provider || row.amount !== order.amount) throw new Error(`payment sandbox: order ${order.orderId} registered differently`);
}

async function orderStatus(deps: SandboxDeps, provider: "card" | "d17", orderId: string): Promise<GatewayStatus> {
  const [row] = await deps.db
    .select()
    .from(paymentSandboxOrders)
    .where(and(eq(paymentSandboxOrders.orderId, orderId), eq(paymentSandboxOrders.provider, provider)))
    .limit(1);
  if (!row) return { status: "pending", amount: null };
  return { status: row.status === "created" ? "pending" : row.status, amount: row.amount };
}

export function sandboxCardGateway(deps: SandboxDeps): CardGateway {
  return {
    name: "sandbox",
    async register(order) {
      await registerOrder(deps, "card", order);
      const origin = new URL(order.returnUrl).origin;
      const data: Record<string, string> = {
        merchant: SANDBOX_MERCHANT,
        orderId: order.orderId,
        amount: String(order.amount),
        currency: "788",
        description: order.description,
        returnUrl: order.returnUrl,
        failUrl: order.failUrl,
        notifyUrl: order.notifyUrl,
        lang: order.lang,
      };
      data.signature = signFields(deps.secret, data);
      return { url: `${origin}${SANDBOX_CARD_PATH}`, data };
    },
    status: (orderId) => orderStatus(deps, "card", orderId),
  };
}

export function sandboxD17Gateway(deps: SandboxDeps): D17Gateway {
  return {
    name: "sandbox",
    async register(order) {
      await registerOrder(deps, "d17", order);
      return { paymentUrl: `${new URL(order.returnUrl).origin}${sandboxD17Path(order.orderId)}` };
    },
    status: (orderId) => orderStatus(deps, "d17", orderId),
  };
}

/**
 * What the payer did on the sandbox's page: `created` → `paid` or `failed`, once (a second decision is ignored, as a
 * real gateway never changes a final state). Returns the order as it stands, or null when the sandbox never saw it.
 */
export async function decideSandboxOrder(
  deps: SandboxDeps,
  provider: "card" | "d17",
  orderId: string,
  outcome: "paid" | "failed",
) {
  await deps.db
    .update(paymentSandboxOrders)
    .set({ status: outcome, decidedAt: deps.now() })
    .where(and(eq(paymentSandboxOrders.orderId, orderId), eq(paymentSandboxOrders.provider, provider), eq(paymentSandboxOrders.status, "created")));
  return findSandboxOrder(deps, provider, orderId);
}

export async function findSandboxOrder(deps: Pick<SandboxDeps, "db">, provider: "card" | "d17", orderId: string) {
  const [row] = await deps.db
    .select()
    .from(paymentSandboxOrders)
    .where(and(eq(paymentSandboxOrders.orderId, orderId), eq(paymentSandboxOrders.provider, provider)))
    .limit(1);
  return row ?? null;
}
