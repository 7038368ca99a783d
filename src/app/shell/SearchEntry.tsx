import { ActionIcon } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { IconSearch } from "@tabler/icons-react";
import { meQueryOptions } from "@/lib/me";
import { HintTooltip } from "@/components/HintTooltip";
import { SearchAutocomplete } from "@/features/search/components/SearchAutocomplete";
import { SearchModalButton } from "@/features/search/components/SearchModalButton";
import classes from "./shell.module.css";

/**
 * Search in the top bar (SPEC §2): the autocomplete from 1024 px; below, an icon opening it in a dialog.
 * Disabled, with the reason, for pupils with an offer of group 104.
 */
export function SearchEntry() {
  const { t } = useLingui();
  const { data: me } = useSuspenseQuery(meQueryOptions);
  // The server decides (`permissions.search`, and 403 search_disabled from the search itself).
  const disabled = !me.permissions.search;
  if (disabled) {
    const why = t`La recherche n'est pas disponible avec votre offre`;
    return (
      <>
        <SearchAutocomplete className={classes.searchWide} />
        <HintTooltip label={why} describe={false} touch>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-disabled data-disabled aria-label={`${t`Rechercher`} : ${why}`} className={classes.searchNarrow}>
            <IconSearch size={18} aria-hidden />
          </ActionIcon>
        </HintTooltip>
      </>
    );
  }
  return (
    <>
      <SearchAutocomplete className={classes.searchWide} />
      <SearchModalButton className={classes.searchNarrow} />
    </>
  );
}
