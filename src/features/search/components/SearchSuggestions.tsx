import { Combobox } from "@mantine/core";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { SEARCH_MIN_CHARS } from "@domain/constants";
import { localized } from "@/lib/localized";
import type { AutocompleteItemDto } from "../api/autocomplete";
import classes from "./search.module.css";

const GROUPS: Array<{ type: AutocompleteItemDto["type"]; label: MessageDescriptor }> = [
  { type: "subject", label: msg`Matières` },
  { type: "chapter", label: msg`Chapitres` },
  { type: "content", label: msg`Leçons` },
];

/** The key of a suggestion's option: its type and its index in the answer. */
const itemKey = (item: AutocompleteItemDto, index: number) => `${item.type}:${index}`;

export interface SearchSuggestionsProps {
  /** The text typed, trimmed. */
  typed: string;
  /** The debounced term is long enough and is the one typed. */
  ready: boolean;
  isFetching: boolean;
  isError: boolean;
  items: AutocompleteItemDto[];
}

/** The suggestions' list: a hint while too short, searching or failed, or the items grouped by subject, chapter, lesson. */
export function SearchSuggestions({ typed, ready, isFetching, isError, items }: SearchSuggestionsProps) {
  const { i18n } = useLingui();
  if (typed.length < SEARCH_MIN_CHARS) {
    return (
      <Combobox.Empty className={classes.hint}>
        <Trans>Tapez au moins 3 caractères</Trans>
      </Combobox.Empty>
    );
  }
  if (!ready || (isFetching && items.length === 0)) {
    return (
      <Combobox.Empty className={classes.hint}>
        <Trans>Recherche…</Trans>
      </Combobox.Empty>
    );
  }
  if (isError) {
    return (
      <Combobox.Empty className={classes.hint}>
        <Trans>La recherche a échoué, réessayez</Trans>
      </Combobox.Empty>
    );
  }
  if (items.length === 0) {
    return (
      <Combobox.Empty className={classes.hint}>
        <Trans>Aucun résultat</Trans>
      </Combobox.Empty>
    );
  }
  return GROUPS.map(({ type, label: groupLabel }) => {
    const options = items.map((item, index) => ({ item, index })).filter(({ item }) => item.type === type);
    if (options.length === 0) return null;
    return (
      <Combobox.Group key={type} label={i18n._(groupLabel)} classNames={{ groupLabel: classes.groupLabel }}>
        {options.map(({ item, index }) => (
          <Combobox.Option key={itemKey(item, index)} value={itemKey(item, index)} dir="auto">
            {localized(item, i18n.locale)}
          </Combobox.Option>
        ))}
      </Combobox.Group>
    );
  });
}
