import { useLingui } from "@lingui/react/macro";
import { OPERATOR_BRAND, personNames, type Me } from "@domain/user";
import type { PersonName as Name } from "@domain/schemas/common";

/**
 * Names of people as the app shows them, one way everywhere. An operator's subscriber who has not given their name yet
 * carries a placeholder in the database (`SUBSCRIBER_PLACEHOLDER_NAME`, domain/user.ts); the server never sends it as
 * another account's name — that name is null (`PersonNameSchema`) — and the screen shows what they are, "Abonné
 * Ooredoo", in the reader's language.
 */

/** `(name, lastName?) => text`: the person's own words joined, or the subscriber's label for a null name. */
export function useNameOf(): (name: Name, lastName?: Name) => string {
  const { t } = useLingui();
  return (name, lastName) => (name === null ? t`Abonné Ooredoo` : [name, lastName].filter(Boolean).join(" "));
}

/** The account's own name (user menu, home card, profile, banner): the label while it still has the placeholder. */
export function useDisplayName(me: Pick<Me, "name" | "last_name">): string {
  const nameOf = useNameOf();
  const shown = personNames(me);
  return nameOf(shown.name, shown.last_name);
}

/**
 * Another person's name in a sentence or a cell, isolated from the text around it: their own words as written
 * (`data-authored`, not translated by the browser), or the translated label with the brand isolated inside it.
 */
export function PersonName({ name, lastName }: { name: Name; lastName?: Name | undefined }) {
  const text = useNameOf()(name, lastName);
  if (name !== null) {
    return (
      <bdi data-authored translate="no">
        {text}
      </bdi>
    );
  }
  const at = text.indexOf(OPERATOR_BRAND);
  if (at < 0) return <bdi>{text}</bdi>;
  return (
    <bdi>
      {text.slice(0, at)}
      <bdi translate="no">{OPERATOR_BRAND}</bdi>
      {text.slice(at + OPERATOR_BRAND.length)}
    </bdi>
  );
}
