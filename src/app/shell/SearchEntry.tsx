import { ActionIcon, Tooltip, UnstyledButton } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconSearch } from "@tabler/icons-react";
import { GROUP } from "@domain/constants";
import { hasGroup } from "@domain/user";
import { meQueryOptions } from "@/lib/me";
import { routeTo } from "@/lib/routeTo";
import classes from "./shell.module.css";

/**
 * The entry point of search (SPEC §2): a field-looking link to /search (the autocomplete comes with the
 * search screen); an icon on phones. Disabled for pupils with an offer of group 104.
 */
export function SearchEntry() {
  const { t } = useLingui();
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const disabled = hasGroup(me.affiliations, [GROUP.searchDisabled]);
  const label = t`Rechercher`;
  const icon = <IconSearch size={18} aria-hidden />;

  if (disabled) {
    const why = t`La recherche n'est pas disponible avec votre offre`;
    const name = `${label} : ${why}`;
    return (
      <>
        <Tooltip label={why} withArrow>
          <UnstyledButton
            className={`${classes.searchField} ${classes.searchWide}`}
            aria-disabled
            data-disabled
            aria-label={name}
            data-testid="search-entry"
          >
            {icon}
            <span>{label}</span>
          </UnstyledButton>
        </Tooltip>
        <Tooltip label={why} withArrow events={{ hover: true, focus: true, touch: true }}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-disabled data-disabled aria-label={name} className={classes.searchNarrow}>
            {icon}
          </ActionIcon>
        </Tooltip>
      </>
    );
  }
  return (
    <>
      <UnstyledButton
        component={Link}
        to={routeTo("/search")}
        search={{ q: "" } as never}
        className={`${classes.searchField} ${classes.searchWide}`}
        data-testid="search-entry"
      >
        {icon}
        <span>
          <Trans>Rechercher un cours, un chapitre…</Trans>
        </span>
      </UnstyledButton>
      <ActionIcon
        component={Link}
        to={routeTo("/search")}
        search={{ q: "" } as never}
        variant="subtle"
        color="gray"
        c="var(--mantine-color-text)"
        size="lg"
        aria-label={label}
        className={classes.searchNarrow}
      >
        {icon}
      </ActionIcon>
    </>
  );
}
