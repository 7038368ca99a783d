import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/Popover.css";
import "@mantine/core/styles/Tooltip.css";
import { useState, type ReactNode } from "react";
import { Combobox, Loader, TextInput, Tooltip, useCombobox } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconSearch } from "@tabler/icons-react";
import { GROUP, SEARCH_MIN_CHARS } from "@domain/constants";
import { hasGroup } from "@domain/user";
import { viewerPath } from "@domain/learning";
import { meQueryOptions } from "@/lib/me";
import { routeTo } from "@/lib/routeTo";
import { autocompleteQueryOptions, type AutocompleteItemDto } from "../api/autocomplete";
import classes from "./search.module.css";

/** Debounce of the autocomplete (ms). */
export const SEARCH_DEBOUNCE_MS = 250;

const GROUPS: Array<{ type: AutocompleteItemDto["type"]; label: MessageDescriptor }> = [
  { type: "subject", label: msg`Matières` },
  { type: "chapter", label: msg`Chapitres` },
  { type: "content", label: msg`Leçons` },
];

const itemKey = (item: AutocompleteItemDto, index: number) => `${item.type}:${index}`;

export interface SearchAutocompleteProps {
  /** Added to the field's root (e.g. the top bar's responsive class). */
  className?: string;
  /** Full width (the phone's search dialog) instead of the top bar's field. */
  fullWidth?: boolean;
  autoFocus?: boolean;
  /** Called after a suggestion was chosen (e.g. to close the phone's dialog). */
  onNavigate?: () => void;
}

/**
 * The top bar's search (SPEC §2, §5): suggestions from 3 characters, debounced 250 ms, grouped as
 * Matières, Chapitres, Leçons; choosing one opens the subject page or the lesson. Disabled, with the
 * reason, for pupils with an offer of group 104.
 */
export function SearchAutocomplete({ className, fullWidth, autoFocus, onNavigate }: SearchAutocompleteProps) {
  const { t } = useLingui();
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const disabled = hasGroup(me.affiliations, [GROUP.searchDisabled]);
  const label = t`Rechercher`;
  const placeholder = t`Rechercher un cours, un chapitre…`;
  const icon = <IconSearch size={16} aria-hidden />;

  if (disabled) {
    const why = t`La recherche n'est pas disponible avec votre offre`;
    return (
      <Tooltip label={why} withArrow events={{ hover: true, focus: true, touch: true }}>
          <TextInput
            className={`${fullWidth ? classes.full : classes.field} ${className ?? ""}`}
            aria-label={`${label} : ${why}`}
            placeholder={placeholder}
            leftSection={icon}
            radius="xl"
            readOnly
            aria-disabled
            data-disabled
            data-testid="search-autocomplete"
            styles={{ input: { cursor: "not-allowed", borderStyle: "dashed" } }}
          />
      </Tooltip>
    );
  }
  return <EnabledSearch className={className} fullWidth={fullWidth} autoFocus={autoFocus} onNavigate={onNavigate} label={label} placeholder={placeholder} icon={icon} />;
}

function EnabledSearch({
  className,
  fullWidth,
  autoFocus,
  onNavigate,
  label,
  placeholder,
  icon,
}: SearchAutocompleteProps & { label: string; placeholder: string; icon: ReactNode }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [value, setValue] = useState("");
  const typed = value.trim();
  const [term] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const ready = term.length >= SEARCH_MIN_CHARS && typed.length >= SEARCH_MIN_CHARS;
  const { data, isFetching, isError } = useQuery({
    ...autocompleteQueryOptions(term),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
  const items = ready ? (data ?? []) : [];

  const go = (item: AutocompleteItemDto) => {
    combobox.closeDropdown();
    setValue("");
    onNavigate?.();
    if (item.type === "content" && item.chapterSlug) {
      void navigate({ to: routeTo(viewerPath(item.subjectSlug, item.chapterSlug, item.slug, item.chapterType)) });
    } else {
      const subject = item.type === "subject" ? item.slug : item.subjectSlug;
      void navigate({ to: "/subjects/$subject/details", params: { subject } });
    }
  };

  let body: ReactNode;
  if (typed.length < SEARCH_MIN_CHARS) {
    body = (
      <Combobox.Empty className={classes.hint}>
        <Trans>Tapez au moins 3 caractères</Trans>
      </Combobox.Empty>
    );
  } else if (!ready || (isFetching && items.length === 0)) {
    body = (
      <Combobox.Empty className={classes.hint}>
        <Trans>Recherche…</Trans>
      </Combobox.Empty>
    );
  } else if (isError) {
    body = (
      <Combobox.Empty className={classes.hint}>
        <Trans>La recherche a échoué, réessayez</Trans>
      </Combobox.Empty>
    );
  } else if (items.length === 0) {
    body = (
      <Combobox.Empty className={classes.hint}>
        <Trans>Aucun résultat</Trans>
      </Combobox.Empty>
    );
  } else {
    body = GROUPS.map(({ type, label: groupLabel }) => {
      const options = items.map((item, index) => ({ item, index })).filter(({ item }) => item.type === type);
      if (options.length === 0) return null;
      return (
        <Combobox.Group key={type} label={i18n._(groupLabel)} classNames={{ groupLabel: classes.groupLabel }}>
          {options.map(({ item, index }) => (
            <Combobox.Option key={itemKey(item, index)} value={itemKey(item, index)}>
              {item.name}
            </Combobox.Option>
          ))}
        </Combobox.Group>
      );
    });
  }

  return (
    <Combobox
      store={combobox}
      withinPortal={!fullWidth}
      onOptionSubmit={(key) => {
        const index = Number(key.split(":")[1]);
        const item = items[index];
        if (item) go(item);
      }}
    >
      <Combobox.Target>
        <TextInput
          className={`${fullWidth ? classes.full : classes.field} ${className ?? ""}`}
          aria-label={label}
          placeholder={placeholder}
          leftSection={icon}
          rightSection={isFetching ? <Loader size={14} aria-hidden /> : null}
          radius="xl"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          autoComplete="off"
          data-autofocus={autoFocus || undefined}
          value={value}
          data-testid="search-autocomplete"
          onChange={(e) => {
            setValue(e.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={typed.length === 0}>
        <Combobox.Options mah={360} style={{ overflowY: "auto" }} aria-label={label}>
          {body}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
