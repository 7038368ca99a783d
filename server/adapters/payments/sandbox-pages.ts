/**
 * The sandbox's own pages, served by the server outside the app and its API (a third party's site, as it were):
 * - `POST /sandbox/gateway/pay`: the card gateway's payment page, reached by the app's hidden form; shows the merchant,
 *   the amount and the order (from fields the merchant signed), with "Payer" and "Échouer";
 * - `POST /sandbox/gateway/decide`: records the payer's choice, sends the signed server-to-server notification to the
 *   merchant's notify URL, then sends the browser back to the return URL (paid) or the failure URL (failed), with
 *   `?orderId=`, by a 303 like a real gateway;
 * - `GET /sandbox/d17/{orderId}`: the page a D17 QR code opens (on the payer's phone), with its own pay button;
 *   `POST` on it records the choice and notifies the merchant.
 * Plain HTML forms, no script (the app's CSP applies: form-action 'self').
 */
import type { Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ORDER_ID_RE } from "../../../domain/schemas/wallet";
import type { Deps } from "../../lib/deps";
import { AppError } from "../../lib/errors";
import { publicOrigin } from "../../lib/public-url";
import { decideSandboxOrder, findSandboxOrder, SANDBOX_MERCHANT, SANDBOX_NOTIFY_PATH } from "./sandbox";
import { signFields, signNotification, verifyFields } from "./signing";

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/** 12,500 millimes → "12,500 TND" (integer arithmetic; TND has three decimals). */
const formatAmount = (millimes: number) => `${Math.floor(millimes / 1000)},${String(millimes % 1000).padStart(3, "0")} TND`;

const CARD_FIELDS = ["merchant", "orderId", "amount", "currency", "description", "returnUrl", "failUrl", "notifyUrl", "lang", "signature"] as const;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#eef1f6;margin:0;color:#1d2433}
main{max-width:440px;margin:32px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px #0002}
h1{font-size:1.3rem;margin:0 0 4px}.sandbox{color:#8a4b00;background:#fff4e0;padding:6px 10px;border-radius:6px;font-size:.85rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px}dt{color:#55607a}dd{margin:0;font-weight:600;word-break:break-all}
label{display:block;margin-top:10px;font-size:.9rem}input{width:100%;box-sizing:border-box;padding:10px;font-size:1rem;border:1px solid #9aa3b5;border-radius:6px}
.actions{display:flex;gap:12px;margin-top:20px}button{flex:1;min-height:48px;font-size:1rem;border-radius:8px;border:0;cursor:pointer}
.pay{background:#1b6e3a;color:#fff}.fail{background:#b3261e;color:#fff}
</style></head><body><main>${body}</main></body></html>`;
}

const html = (c: Context, markup: string, status: 200 | 400 | 404 = 200) => {
  c.header("Cache-Control", "no-store");
  return c.html(markup, status);
};

/** Form fields as strings (repeated or file fields are refused). */
async function formFields(c: Context): Promise<Record<string, string>> {
  const parsed = await c.req.parseBody().catch(() => null);
  if (!parsed) throw new AppError(400, "validation_failed");
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(parsed)) {
    if (typeof v !== "string") throw new AppError(400, "validation_failed");
    out[k] = v;
  }
  return out;
}

/** The card fields of the merchant's form, checked: every field present and signed by the merchant. */
function signedCardFields(deps: Pick<Deps, "secret">, fields: Record<string, string>): Record<string, string> | null {
  const picked: Record<string, string> = {};
  for (const name of CARD_FIELDS) {
    const value = fields[name];
    if (typeof value !== "string") return null;
    picked[name] = value;
  }
  if (!ORDER_ID_RE.test(picked.orderId!) || !verifyFields(deps.secret, picked)) return null;
  return picked;
}

export function mountPaymentSandbox(app: Hono, deps: Deps): void {
  const sandboxDeps = { db: deps.db, secret: deps.secret, now: deps.now };
  const limit = bodyLimit({ maxSize: 16 * 1024, onError: () => { throw new AppError(413, "payload_too_large"); } });

  /** The signed notification, posted to the merchant's notify URL (this server, in-process, when it is its own). */
  async function notify(c: Context, notifyUrl: string, orderId: string, status: "paid" | "failed", amount: number): Promise<void> {
    const fields = { orderId, status, amount, timestamp: Math.floor(deps.now().getTime() / 1000) };
    const body = JSON.stringify({ ...fields, signature: signNotification(deps.secret, fields) });
    const init = { method: "POST", headers: { "content-type": "application/json" }, body };
    try {
      const target = new URL(notifyUrl, publicOrigin(deps.env, c.req.url));
      const res =
        target.origin === publicOrigin(deps.env, c.req.url)
          ? await app.request(target.pathname + target.search, init)
          : await fetch(target, { ...init, signal: AbortSignal.timeout(10_000) });
      if (!res.ok) deps.log.warn("payment sandbox: notification refused", { orderId, status: res.status });
    } catch (err) {
      // The browser's return and the D17 check settle the order without it.
      deps.log.warn("payment sandbox: notification not delivered", { orderId, error: String(err) });
    }
  }

  app.post("/sandbox/gateway/pay", limit, async (c) => {
    const fields = signedCardFields(deps, await formFields(c));
    if (!fields) return html(c, page("Paiement refusé", "<h1>Demande de paiement invalide</h1><p>La signature du marchand ne correspond pas.</p>"), 400);
    const order = await findSandboxOrder(sandboxDeps, "card", fields.orderId!);
    if (!order || String(order.amount) !== fields.amount) return html(c, page("Commande inconnue", "<h1>Commande inconnue</h1>"), 404);
    const hidden = CARD_FIELDS.map((k) => `<input type="hidden" name="${k}" value="${esc(fields[k]!)}">`).join("");
    const decided = order.status !== "created";
    return html(
      c,
      page(
        "Passerelle de paiement (sandbox)",
        `<h1>Paiement sécurisé</h1><p class="sandbox">Passerelle de test : aucune carte n'est débitée.</p>
<dl><dt>Marchand</dt><dd>${esc(fields.merchant!)}</dd><dt>Montant</dt><dd data-testid="sandbox-amount">${formatAmount(order.amount)}</dd>
<dt>Commande</dt><dd>${esc(order.orderId)}</dd><dt>Libellé</dt><dd>${esc(fields.description!)}</dd></dl>
${
  decided
    ? `<p>Cette commande a déjà été traitée (${order.status === "paid" ? "payée" : "refusée"}).</p>
<form method="post" action="/sandbox/gateway/decide">${hidden}<div class="actions"><button class="pay" name="action" value="back">Retour au marchand</button></div></form>`
    : `<form method="post" action="/sandbox/gateway/decide">${hidden}
<label for="card">Numéro de carte</label><input id="card" name="card" inputmode="numeric" autocomplete="off" value="4000 0000 0000 0002">
<label for="exp">Expiration</label><input id="exp" name="exp" autocomplete="off" value="12/30">
<div class="actions"><button class="pay" name="action" value="pay">Payer</button><button class="fail" name="action" value="fail">Échouer</button></div></form>`
}`,
      ),
    );
  });

  app.post("/sandbox/gateway/decide", limit, async (c) => {
    const raw = await formFields(c);
    const fields = signedCardFields(deps, raw);
    if (!fields) return html(c, page("Paiement refusé", "<h1>Demande de paiement invalide</h1>"), 400);
    const action = raw.action;
    let order = await findSandboxOrder(sandboxDeps, "card", fields.orderId!);
    if (!order) return html(c, page("Commande inconnue", "<h1>Commande inconnue</h1>"), 404);
    if (action === "pay" || action === "fail") {
      order = (await decideSandboxOrder(sandboxDeps, "card", order.orderId, action === "pay" ? "paid" : "failed")) ?? order;
      if (order.status !== "created") await notify(c, fields.notifyUrl!, order.orderId, order.status, order.amount);
    }
    // Back to the merchant: the return URL when paid, the failure URL otherwise (both carry ?orderId=).
    return c.redirect(order.status === "paid" ? fields.returnUrl! : fields.failUrl!, 303);
  });

  const d17Token = (orderId: string) => signFields(deps.secret, { d17: orderId });

  app.get("/sandbox/d17/:orderId", async (c) => {
    const orderId = c.req.param("orderId");
    const order = ORDER_ID_RE.test(orderId) ? await findSandboxOrder(sandboxDeps, "d17", orderId) : null;
    if (!order) return html(c, page("D17", "<h1>Paiement D17 introuvable</h1>"), 404);
    const body =
      order.status === "created"
        ? `<form method="post" action="/sandbox/d17/${order.orderId}"><input type="hidden" name="token" value="${d17Token(order.orderId)}">
<div class="actions"><button class="pay" name="action" value="pay">Payer avec D17</button><button class="fail" name="action" value="fail">Refuser</button></div></form>`
        : `<p data-testid="d17-done">${order.status === "paid" ? "Paiement effectué. Revenez sur Darsi et appuyez sur « Continuer »." : "Paiement refusé."}</p>`;
    return html(
      c,
      page(
        "D17 (sandbox)",
        `<h1>D17 — La Poste Tunisienne</h1><p class="sandbox">Portefeuille de test : aucun compte n'est débité.</p>
<dl><dt>Marchand</dt><dd>${SANDBOX_MERCHANT}</dd><dt>Montant</dt><dd data-testid="sandbox-amount">${formatAmount(order.amount)}</dd><dt>Commande</dt><dd>${esc(order.orderId)}</dd></dl>${body}`,
      ),
    );
  });

  app.post("/sandbox/d17/:orderId", limit, async (c) => {
    const orderId = c.req.param("orderId");
    const raw = await formFields(c);
    if (!ORDER_ID_RE.test(orderId) || raw.token !== d17Token(orderId) || (raw.action !== "pay" && raw.action !== "fail")) {
      return html(c, page("D17", "<h1>Demande invalide</h1>"), 400);
    }
    const order = await decideSandboxOrder(sandboxDeps, "d17", orderId, raw.action === "pay" ? "paid" : "failed");
    if (!order) return html(c, page("D17", "<h1>Paiement D17 introuvable</h1>"), 404);
    if (order.status !== "created") await notify(c, SANDBOX_NOTIFY_PATH, order.orderId, order.status, order.amount);
    return c.redirect(`/sandbox/d17/${orderId}`, 303);
  });
}
