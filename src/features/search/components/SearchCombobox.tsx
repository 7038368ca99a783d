import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/Popover.css";
import { useEffect, useRef, useState } from "react";
import { Combobox, Loader, TextInput, useCombobox } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { IconSearch } from "@tabler/icons-react";
import { SEARCH_MIN_CHARS } from "@domain/constants";
import { viewerLink } from "@/lib/links";
import { autocompleteQueryOptions, type AutocompleteItemDto } from "../api/autocomplete";
import { SEARCH_DEBOUNCE_MS } from "./searchConstants";
import { SearchSuggestions } from "./SearchSuggestions";
import classes from "./search.module.css";

/** `value` once it has not changed for `wait` ms; "" at first, so text handed over is debounced like typed text. */
function useDebounced(value: string, wait: number): string {
  const [debounced, setDebounced] = useState("");
  useEffect(() => {
    const id = window.setTimeout(() => setDebounced(value), wait);
    return () => window.clearTimeout(id);
  }, [value, wait]);
  return debounced;
}

export interface SearchComboboxProps {
  className?: string;
  fullWidth?: boolean;
  autoFocus?: boolean;
  onNavigate?: () => void;
  /** Text typed in the placeholder field before this code arrived. */
  initialValue?: string;
  /** Take the focus on mount, with the caret where it was in the placeholder field. */
  takeFocus?: { start: number | null; end: number | null } | null;
}

/**
 * The search field with its suggestions (Mantine Combobox): loaded on first use by SearchAutocomplete.tsx,
 * which shows an identical plain field until then and hands over the typed text and the focus.
 */
export function SearchCombobox({ className, fullWidth, autoFocus, onNavigate, initialValue = "", takeFocus = null }: SearchComboboxProps) {
  const { t } = useLingui();
  const label = t`Rechercher`;
  const placeholder = t`Rechercher un cours, un chapitre…`;
  const icon = <IconSearch size={16} aria-hidden />;
  const navigate = useNavigate();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [value, setValue] = useState(initialValue);
  const input = useRef<HTMLInputElement>(null);
  // The hand-over from the placeholder field: focus (which opens the suggestions) and caret.
  const handover = useRef(takeFocus);
  useEffect(() => {
    const caret = handover.current;
    handover.current = null;
    const el = input.current;
    if (!caret || !el) return;
    el.focus();
    if (caret.start !== null) el.setSelectionRange(caret.start, caret.end ?? caret.start);
  }, []);
  const typed = value.trim();
  const term = useDebounced(typed, SEARCH_DEBOUNCE_MS);
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
      void navigate(viewerLink(item.subjectSlug, item.chapterSlug, item.slug, item.chapterType));
    } else if (item.type === "chapter" && item.firstLessonSlug) {
      // A chapter opens on its first lesson, as from its row on the subject page.
      void navigate(viewerLink(item.subjectSlug, item.chapterSlug ?? item.slug, item.firstLessonSlug, item.chapterType));
    } else {
      const subject = item.type === "subject" ? item.slug : item.subjectSlug;
      void navigate({ to: "/subjects/$subject/details", params: { subject } });
    }
  };

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
          ref={input}
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
          <SearchSuggestions typed={typed} ready={ready} isFetching={isFetching} isError={isError} items={items} />
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
