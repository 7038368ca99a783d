import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { TUNISIA_COUNTRY_ID } from "@domain/constants";
import { referenceQueries, refName, type RefItem } from "@/lib/reference";

const LEVEL_ORDER = ["primary", "basic", "secondary", "baccalaureate"] as const;

/**
 * The registration form's choices in the interface's language: countries, Tunisia's governorates (only when the
 * pupil is in Tunisia), the classes grouped by level, and the chosen class's optional subjects.
 */
export function useRegisterOptions({ inTunisia, division }: { inTunisia: boolean; division: string | null }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const countries = useQuery(referenceQueries.countries());
  const states = useQuery({ ...referenceQueries.states(TUNISIA_COUNTRY_ID), enabled: inTunisia });
  const divisions = useQuery(referenceQueries.divisions());
  const divisionId = division ? Number(division) : 0;
  const optional = useQuery({ ...referenceQueries.optionalSubjects(divisionId), enabled: divisionId > 0 });

  const toOptions = (items: RefItem[] | undefined) => (items ?? []).map((i) => ({ value: String(i.id), label: refName(i, locale) }));
  const levelLabel: Record<string, string> = {
    primary: t`Primaire`,
    basic: t`Enseignement de base`,
    secondary: t`Secondaire`,
    baccalaureate: t`Baccalauréat`,
  };
  const divisionGroups = useMemo(
    () =>
      LEVEL_ORDER.map((level) => ({
        group: levelLabel[level] ?? level,
        items: toOptions(divisions.data?.filter((d) => d.level === level)),
      })).filter((g) => g.items.length > 0),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- labels follow the locale
    [divisions.data, locale],
  );

  return {
    countries: toOptions(countries.data),
    states: toOptions(states.data),
    divisionGroups,
    optionalSubjects: toOptions(optional.data),
  };
}
