import { queryOptions } from "@tanstack/react-query";
import { api } from "./api";
import { localized } from "./localized";

export interface RefItem {
  id: number;
  name: string;
  name_ar?: string;
  name_en?: string;
  level?: string;
}

/** Localised name of a reference item (French is the reference name). */
export function refName(item: { name: string; name_ar?: string | null; name_en?: string | null }, locale: string): string {
  return localized(item, locale);
}

const day = 24 * 60 * 60 * 1000;
const list = (path: string) =>
  queryOptions({
    queryKey: ["reference", path] as const,
    queryFn: async () => (await api<RefItem[]>(path, { anonymous: true })).payload,
    staleTime: day,
  });

/** Reference lists shared by registration and the profile (one key factory: ["reference", …]). */
export const referenceQueries = {
  countries: () => list("/countries"),
  states: (countryId: number) => list(`/countries/${countryId}/states`),
  delegations: (stateId: number) => list(`/deleg/${stateId}/delegation`),
  institutes: (stateId: number) => list(`/state/${stateId}/institutes`),
  divisions: () => list("/divisions"),
  optionalSubjects: (divisionId: number) => list(`/optional-subjects/${divisionId}`),
  editDivisionReasons: () => list("/edit-division-reasons"),
};
