import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { historyKeys } from "../history.keys";

type Named = { id: number; name: string; name_ar?: string | null; name_en?: string | null };

/** A class-change request as `GET /edit-division` lists it (SPEC §3 "Division-change request"). */
export interface DivisionChangeRow {
  id: number;
  old_division: Named | null;
  new_division: Named;
  reason: Named;
  reason2: string | null;
  status: string;
  created_at: string;
}

/** `GET /edit-division`: every class-change request of the pupil, newest first (the table pages them here). */
export const divisionChangesQueryOptions = () =>
  queryOptions({
    queryKey: historyKeys.divisionChanges(),
    queryFn: async ({ signal }): Promise<DivisionChangeRow[]> => (await api<DivisionChangeRow[]>("/edit-division", { signal })).payload ?? [],
  });
