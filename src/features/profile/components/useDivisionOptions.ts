import { useQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react";
import { useMemo } from "react";
import { referenceQueries, refName } from "@/lib/reference";
import { LEVEL_LABEL, LEVEL_ORDER } from "../labels";

/** The classes, grouped by level, as Select options (values are ids as strings). */
export function useDivisionOptions() {
  const { i18n } = useLingui();
  const divisions = useQuery(referenceQueries.divisions());
  const options = useMemo(
    () =>
      LEVEL_ORDER.map((level) => ({
        group: LEVEL_LABEL[level] ? i18n._(LEVEL_LABEL[level]) : level,
        items: (divisions.data ?? [])
          .filter((d) => d.level === level)
          .map((d) => ({
            value: String(d.id),
            label: refName(d, i18n.locale),
          })),
      })).filter((g) => g.items.length > 0),
    [divisions.data, i18n],
  );
  return { options, divisions: divisions.data ?? [] };
}
