import { useRef, useState } from "react";
import { TextInput } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { IconSearch } from "@tabler/icons-react";
import { meQueryOptions } from "@/lib/me";
import { HintTooltip } from "@/components/HintTooltip";
import { deferred, useDeferred } from "@/components/deferred";
import type { SearchComboboxProps } from "./SearchCombobox";
import classes from "./search.module.css";

;

/** The field with its suggestions (Mantine Combobox, Popover, floating-ui): fetched when the field is first used. */
export const searchCombobox = deferred<SearchComboboxProps>(() => import("./SearchCombobox").then((m) => m.SearchCombobox));

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
 *
 * The first load shows a plain field that looks the same; the suggestions' code (SearchCombobox) loads on
 * focus or on the first keystroke and takes over the typed text, the caret and the focus.
 */
export function SearchAutocomplete({ className, fullWidth, autoFocus, onNavigate }: SearchAutocompleteProps) {
  const { t } = useLingui();
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const disabled = !me.permissions.search;
  const label = t`Rechercher`;
  const placeholder = t`Rechercher un cours, un chapitre…`;
  const fieldClass = `${fullWidth ? classes.full : classes.field} ${className ?? ""}`;

  if (disabled) {
    const why = t`La recherche n'est pas disponible avec votre offre`;
    return (
      <HintTooltip label={why} describe={false} touch>
        <TextInput
          className={fieldClass}
          aria-label={`${label} : ${why}`}
          placeholder={placeholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          radius="xl"
          readOnly
          aria-disabled
          data-disabled
          data-testid="search-autocomplete"
          styles={{ input: { cursor: "not-allowed", borderStyle: "dashed" } }}
        />
      </HintTooltip>
    );
  }
  return <DeferredSearch className={className} fieldClass={fieldClass} fullWidth={fullWidth} autoFocus={autoFocus} onNavigate={onNavigate} label={label} placeholder={placeholder} />;
}

function DeferredSearch({
  className,
  fieldClass,
  fullWidth,
  autoFocus,
  onNavigate,
  label,
  placeholder,
}: SearchAutocompleteProps & { fieldClass: string; label: string; placeholder: string }) {
  const [Search, load] = useDeferred(searchCombobox);
  const [value, setValue] = useState("");
  const field = useRef<HTMLInputElement>(null);
  const [handover, setHandover] = useState<SearchComboboxProps["takeFocus"]>(null);

  if (Search) {
    return (
      <Search
        className={className}
        fullWidth={fullWidth}
        autoFocus={autoFocus}
        onNavigate={onNavigate}
        initialValue={value}
        takeFocus={handover}
      />
    );
  }

  const start = () =>
    load(() => {
      const el = field.current;
      if (el && document.activeElement === el) setHandover({ start: el.selectionStart, end: el.selectionEnd });
    });

  // The same field as SearchCombobox's, closed: role, name, look.
  return (
    <TextInput
      ref={field}
      className={fieldClass}
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      radius="xl"
      type="search"
      role="combobox"
      aria-autocomplete="list"
      aria-haspopup="listbox"
      aria-expanded={false}
      autoComplete="off"
      data-autofocus={autoFocus || undefined}
      value={value}
      data-testid="search-autocomplete"
      onFocus={start}
      onChange={(e) => {
        setValue(e.currentTarget.value);
        start();
      }}
    />
  );
}
