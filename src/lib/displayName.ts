import { useLingui } from "@lingui/react/macro";
import { hasPlaceholderName, type Me } from "@domain/user";

/**
 * The account's name as the app shows it (user menu, home card, profile, banner). An operator's subscriber who has not
 * given their name yet carries a placeholder in the database (`SUBSCRIBER_PLACEHOLDER_NAME`, domain/user.ts): they are
 * shown as what they are, "Abonné Ooredoo", in the reader's language — never the stored French words.
 */
export function useDisplayName(me: Pick<Me, "name" | "last_name">): string {
  const { t } = useLingui();
  if (hasPlaceholderName(me)) return t`Abonné Ooredoo`;
  return [me.name, me.last_name].filter(Boolean).join(" ");
}
