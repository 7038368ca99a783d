import { useLingui } from "@lingui/react/macro";
import { plural } from "@lingui/core/macro";
import type { StatementRowDto } from "@domain/wallet";
import { formatDate } from "@/lib/format";
import { refName } from "@/lib/reference";
import { useNameOf } from "@/lib/displayName";

/**
 * The sentence of a statement row, written in the reader's language from the movement's kind and parameters (issue 22):
 * the ledger's stored French description is never shown. The offer is named in the reader's language where the
 * database has it, French otherwise.
 */
export function useStatementSentence(): (row: StatementRowDto) => string {
  const { t, i18n } = useLingui();
  const nameOf = useNameOf();
  return (row) => {
    const offer = row.offer ? refName(row.offer, i18n.locale) : null;
    const start = row.period ? formatDate(row.period.start) : "";
    const end = row.period ? formatDate(row.period.end) : "";
    switch (row.kind) {
      case "topup":
        if (row.method === "bank") return t`Recharge par virement ou versement`;
        if (row.method === "d17") return t`Recharge par D17`;
        if (row.method === "online") return t`Recharge par carte bancaire`;
        return t`Recharge du porte-monnaie`;
      case "purchase": {
        if (!offer) return t`Achat d'une offre`;
        const from = row.instalments?.from ?? 0;
        const to = row.instalments?.to ?? 0;
        if (row.instalments && row.period) {
          return from === to
            ? t`Achat ${offer}, tranche ${from}, du ${start} au ${end}`
            : t`Achat ${offer}, tranches ${from} à ${to}, du ${start} au ${end}`;
        }
        return row.period ? t`Achat ${offer} du ${start} au ${end}` : t`Achat ${offer}`;
      }
      case "transfer": {
        const name = row.counterpart ? nameOf(row.counterpart.name) : null;
        if (row.amount < 0) return name ? t`Transfert envoyé à ${name}` : t`Transfert envoyé`;
        return name ? t`Transfert reçu de ${name}` : t`Transfert reçu`;
      }
      case "referral_reward": {
        const tokens = row.tokens ?? 0;
        const code = row.code;
        if (row.tokens) return t({ message: plural(tokens, { one: "Conversion de # jeton de parrainage", other: "Conversion de # jetons de parrainage" }) });
        return code ? t`Parrainage avec le code ${code}` : t`Récompense de parrainage`;
      }
      case "influencer_revenue": {
        const code = row.code;
        return code ? t`Revenu du code ${code}` : t`Revenu d'un code promo`;
      }
      case "refund": {
        const code = row.code;
        if (row.amount < 0) return code ? t`Part du code ${code} reprise après un remboursement` : t`Part reprise après un remboursement`;
        return offer ? t`Remboursement de ${offer}` : t`Remboursement d'un achat`;
      }
      case "operator": {
        const n = row.billing_period ?? 0;
        if (row.days === 1) return n ? t`Abonnement opérateur d'un jour, période ${n}` : t`Abonnement opérateur d'un jour`;
        if (row.days) {
          const days = row.days;
          return n ? t`Abonnement opérateur de ${days} jours, période ${n}` : t`Abonnement opérateur de ${days} jours`;
        }
        return t`Abonnement opérateur`;
      }
      case "payout":
        return t`Versement de vos revenus`;
    }
  };
}
