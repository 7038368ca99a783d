/** The sandbox operator's confirmation page: what a carrier-billing page shows (service, price, line, renewal). */
import { splitMillimes } from "../../../domain/money";
import type { SandboxTicket } from "./sandbox";
import { SANDBOX_PAGE_PATH } from "./sandbox";

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** `2300` → `2,3` (French decimals, integer arithmetic). */
export function formatMillimesPlain(amount: number): string {
  const { negative, dinars, millimes } = splitMillimes(amount);
  const fraction = millimes === 0 ? "" : `,${String(millimes).padStart(3, "0").replace(/0+$/, "")}`;
  return `${negative ? "-" : ""}${dinars}${fraction}`;
}

export function sandboxPage(input: { ticket: SandboxTicket; t: string; amount: string }): string {
  const { ticket, t, amount } = input;
  const per = ticket.recurrence === 1 ? "jour" : "semaine";
  const masked = `${ticket.phone.slice(0, 2)} ●●● ${ticket.phone.slice(5)}`;
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Confirmation de l'abonnement – Ooredoo (sandbox Digital Virgo)</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; background: #f4f4f6; color: #1b1b1f; }
  header { background: #c8102e; color: #fff; padding: 16px 20px; font-weight: 700; font-size: 1.15rem; }
  header small { display: block; font-weight: 400; font-size: .8rem; opacity: .9; }
  main { max-width: 440px; margin: 24px auto; background: #fff; border-radius: 12px; padding: 24px; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  h1 { font-size: 1.2rem; margin: 0 0 12px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; margin: 16px 0; }
  dt { color: #55555e; } dd { margin: 0; font-weight: 600; }
  p.note { font-size: .9rem; color: #44444c; }
  .actions { display: flex; gap: 12px; margin-top: 20px; }
  button { flex: 1; min-height: 48px; font-size: 1rem; border-radius: 8px; cursor: pointer; border: 2px solid #c8102e; }
  button.confirm { background: #c8102e; color: #fff; }
  button.cancel { background: #fff; color: #a00d25; }
  footer { text-align: center; font-size: .75rem; color: #5c5c66; margin: 16px; }
</style>
</head>
<body>
<header>Ooredoo<small>Paiement sur facture mobile · Digital Virgo (sandbox)</small></header>
<main>
  <h1>Confirmez votre abonnement Darsi Silver</h1>
  <dl>
    <dt>Service</dt><dd>Darsi – cours en ligne (offre Silver)</dd>
    <dt>Prix</dt><dd data-testid="sandbox-price">${escape(amount)} DT / ${per}</dd>
    <dt>Ligne</dt><dd dir="ltr">${escape(masked)}</dd>
    <dt>Commande</dt><dd dir="ltr">${escape(ticket.orderId)}</dd>
  </dl>
  <p class="note">Le montant sera déduit de votre crédit. L'abonnement est renouvelé automatiquement chaque ${per} jusqu'à sa résiliation.</p>
  <form method="post" action="${SANDBOX_PAGE_PATH}" class="actions">
    <input type="hidden" name="t" value="${escape(t)}">
    <button type="submit" name="action" value="cancel" class="cancel">Annuler</button>
    <button type="submit" name="action" value="confirm" class="confirm">Confirmer</button>
  </form>
</main>
<footer>Page de test : aucun crédit réel n'est débité.</footer>
</body>
</html>`;
}
